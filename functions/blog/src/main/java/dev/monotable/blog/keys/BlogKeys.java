package dev.monotable.blog.keys;

import dev.monotable.kit.keys.Segments;
import dev.monotable.kit.keys.Template;
import java.util.regex.Pattern;

/** Every key template of Blog's table and the rule of each user value that becomes a key segment. */
public final class BlogKeys {

  /** A user's partition: the user item, and the user's posts under it. */
  public static final Template USER = Template.of("USER#{username}");
  /** A user's e-mail address: the user's GSI1 key, and the item that keeps the address unique. */
  public static final Template EMAIL = Template.of("EMAIL#{email}");
  /** A post under its author; its id is a ULID, so the sort key orders the posts by time. */
  public static final Template POST = Template.of("POST#{post}");

  /** Usernames: 1-39 lower-case letters, digits or inner hyphens. */
  public static final Pattern USERNAME = Pattern.compile("^[a-z0-9](?:[a-z0-9-]{0,37}[a-z0-9])?$");
  /** E-mail addresses as keys: the kit's one rule ({@link Segments#EMAIL_ADDRESS}). */
  public static final Pattern EMAIL_ADDRESS = Segments.EMAIL_ADDRESS;
  /** Post ids: ULIDs (48-bit time first, Crockford base32). */
  public static final Pattern POST_ID = Pattern.compile("^[0-9A-HJKMNP-TV-Z]{26}$");

  private BlogKeys() {}
}

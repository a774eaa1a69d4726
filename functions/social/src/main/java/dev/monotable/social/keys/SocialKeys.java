package dev.monotable.social.keys;

import dev.monotable.kit.keys.Segments;
import dev.monotable.kit.keys.Template;
import java.util.regex.Pattern;

/** Every key template of Social's table and the rule of each user value that becomes a key segment. */
public final class SocialKeys {

  /** A user's partition: the user, the user's posts and the accounts the user follows. */
  public static final Template USER = Template.of("USER#{username}");
  /** A post under its author, or a post's partition (its comments, likes and like-count shards). */
  public static final Template POST = Template.of("POST#{post}");
  /** An edge: the account a user follows, in the follower's partition. */
  public static final Template FOLLOWS = Template.of("FOLLOWS#{followee}");
  /** GSI1 partition of an account's followers: the edges pointing at it, inverted. */
  public static final Template FOLLOWERS = Template.of("FOLLOWERS#{followee}");
  /** GSI2 partition of the accounts above the fan-out threshold a user follows (sparse: those edges only). */
  public static final Template ABOVE = Template.of("ABOVE#{username}");
  /** A user's home feed: the entries fan-out on write put there, newest last by post id. */
  public static final Template FEED = Template.of("FEED#{username}");
  /** A comment in its post's partition; its id is a ULID, so the sort key orders comments by time. */
  public static final Template COMMENT = Template.of("COMMENT#{comment}");
  /** A like in its post's partition: one per user. */
  public static final Template LIKE = Template.of("LIKE#{liker}");
  /** One shard of a post's like count, in the post's partition next to its likes. */
  public static final Template LIKE_COUNT = Template.of("LIKECOUNT#{shard}");
  /** The fan-out checkpoint of a post, in its partition: how far the followers were written. */
  public static final Template FAN_OUT = Template.of("FANOUT");

  /** Usernames: 1-39 lower-case letters, digits or inner hyphens. */
  public static final Pattern USERNAME = Pattern.compile("^[a-z0-9](?:[a-z0-9-]{0,37}[a-z0-9])?$");
  /** Post and comment ids: ULIDs (48-bit time first, Crockford base32). */
  public static final Pattern ULID = Segments.ULID;
  /** A like-count shard: 0-9 (SHARDS). */
  public static final Pattern SHARD = Pattern.compile("^[0-9]$");

  private SocialKeys() {}
}

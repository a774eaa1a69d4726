package dev.monotable.saas.keys;

import dev.monotable.kit.keys.Segments;
import dev.monotable.kit.keys.Template;
import java.util.regex.Pattern;

/** Every key template of the SaaS table (seed 004 §8.2) and the rule of each user value that becomes a key segment. */
public final class SaasKeys {

  /** An organization's partition: the organization, its members, its subscription and its invitations. */
  public static final Template ORG = Template.of("ORG#{org}");
  /** A user (table key), and a member under its organization (sort key) or its organizations (GSI1). */
  public static final Template USER = Template.of("USER#{username}");
  /** An e-mail address: its claim, the user's GSI1 key, and the GSI1 partition of its invitations. */
  public static final Template EMAIL = Template.of("EMAIL#{email}");
  public static final Template SUBSCRIPTION = Template.of("SUBSCRIPTION#{org}");
  public static final Template INVITATION = Template.of("INVITATION#{email}");
  public static final Template INVITED_TO = Template.of("INVITATION#{org}");

  /** Organization ids and usernames: 1-39 lower-case letters, digits or inner hyphens. */
  public static final Pattern NAME = Pattern.compile("^[a-z0-9](?:[a-z0-9-]{0,37}[a-z0-9])?$");
  public static final Pattern EMAIL_ADDRESS = Segments.EMAIL_ADDRESS;

  private SaasKeys() {}
}

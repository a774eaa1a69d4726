package dev.monotable.kit.keys;

import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.text.Text;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Validation and normalisation of the values any domain puts in keys: usernames, e-mail addresses,
 * ULIDs, Idempotency-Key headers. Each accepted value is free of {@code #}, so no input can change
 * the structure of a key. A domain's own segments live in its keys package.
 */
public final class Segments {

  /**
   * Usernames of callers (the {@code username} claim of a token): 1..39 letters, digits or inner
   * hyphens, starting and ending with a letter or digit.
   */
  public static final Pattern USERNAME = Pattern.compile("^[A-Za-z0-9](?:[A-Za-z0-9-]{0,37}[A-Za-z0-9])?$");
  /** Crockford base32 ULID. */
  public static final Pattern ULID = Pattern.compile("^[0-9A-HJKMNP-TV-Z]{26}$");

  /** Idempotency-Key header values: 8-64 of A-Z a-z 0-9 _ - (a UUID fits). */
  public static final Pattern IDEMPOTENCY_KEY = Pattern.compile("^[A-Za-z0-9_-]{8,64}$");

  public static final int EMAIL_MAX = 254;

  private Segments() {}

  /** Lower-case key form of a caller's username ({@link #USERNAME}). */
  public static String username(String field, String value) {
    if (value == null || !USERNAME.matcher(value).matches()) {
      throw new ValidationException(field,
          field + " must be 1-39 letters, digits or inner hyphens, starting and ending with a letter or digit");
    }
    return value.toLowerCase(Locale.ROOT);
  }

  /**
   * Lower-case key form of an e-mail address: exactly one {@code @} with text on both sides, at
   * most 254 characters, no whitespace, control characters or {@code #}.
   */
  public static String email(String field, String value) {
    if (value == null || !Text.isWellFormed(value) || Text.length(value) > EMAIL_MAX) {
      throw new ValidationException(field, field + " must be an e-mail address of at most 254 characters");
    }
    int at = value.indexOf('@');
    boolean ok = at > 0 && at == value.lastIndexOf('@') && at < value.length() - 1;
    for (int i = 0; ok && i < value.length(); i++) {
      char c = value.charAt(i);
      if (c <= ' ' || c == 0x7f || c == '#') {
        ok = false;
      }
    }
    if (!ok) {
      throw new ValidationException(field, field + " must contain exactly one @ with text on both sides");
    }
    return value.toLowerCase(Locale.ROOT);
  }

  /** An Idempotency-Key as sent (case kept). */
  public static String idempotencyKey(String field, String value) {
    if (value == null || !IDEMPOTENCY_KEY.matcher(value).matches()) {
      throw new ValidationException(field, field + " must be 8-64 of A-Z a-z 0-9 _ -, for example a UUID");
    }
    return value;
  }

  public static String ulid(String field, String value) {
    if (value == null || !ULID.matcher(value).matches()) {
      throw new ValidationException(field, field + " must be a 26-character ULID");
    }
    return value;
  }
}

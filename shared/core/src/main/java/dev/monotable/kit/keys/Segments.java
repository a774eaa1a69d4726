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

  /**
   * The key form of an e-mail address, the one rule of every domain: 3-254 printable ASCII characters
   * with exactly one {@code @} and text on both sides, in lower case, without {@code #}. ASCII only, so no
   * control, format or invisible character (NUL, BEL, ZERO WIDTH SPACE, NO-BREAK SPACE) and no look-alike
   * letter of another script can make a second address that reads as the first: two addresses are the same
   * when their lower-case forms are equal, and that form is what a uniqueness claim holds. An
   * internationalised domain is written in its {@code xn--} form; a non-ASCII local part (RFC 6531) is refused.
   * Written as ranges (0x21-0x7E less {@code #}, {@code @} and A-Z), so the OpenAPI documents print it as it is.
   */
  public static final Pattern EMAIL_ADDRESS = Pattern.compile("^(?=.{3,254}$)[!\"$-?\\[-~]+@[!\"$-?\\[-~]+$");

  /**
   * {@link #EMAIL_ADDRESS} in any case: what a request may send where the server lower-cases the address
   * before its key rule (a path's {@code {email}}), so a document can say so.
   */
  public static final Pattern EMAIL_ADDRESS_ANY_CASE = Pattern.compile("^(?=.{3,254}$)[!\"$-?A-~]+@[!\"$-?A-~]+$");

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
   * Lower-case key form of an e-mail address ({@link #EMAIL_ADDRESS}: the address in lower case must match it).
   */
  public static String email(String field, String value) {
    String lower = value == null ? null : value.toLowerCase(Locale.ROOT);
    if (lower == null || !EMAIL_ADDRESS.matcher(lower).matches()) {
      throw new ValidationException(field, field + " must be an e-mail address of 3-254 printable ASCII characters"
          + " with exactly one @ and text on both sides, without # (an internationalised domain in its xn-- form)");
    }
    return lower;
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

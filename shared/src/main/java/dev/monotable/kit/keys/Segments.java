package dev.monotable.kit.keys;

import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.text.Text;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Validation and normalisation of every user value that becomes part of a key (docs/api-contract.md#input-rules).
 * Each accepted value is free of {@code #}, so no input can change the structure of a key.
 */
public final class Segments {

  /** Account names (users and organizations), 1..39 characters. */
  public static final Pattern ACCOUNT = Pattern.compile("^[A-Za-z0-9](?:[A-Za-z0-9-]{0,37}[A-Za-z0-9])?$");
  /** Repository names, 1..100 characters, not {@code .} or {@code ..}. */
  public static final Pattern REPO = Pattern.compile("^[A-Za-z0-9._-]{1,100}$");
  /** Crockford base32 ULID. */
  public static final Pattern ULID = Pattern.compile("^[0-9A-HJKMNP-TV-Z]{26}$");

  /** Idempotency-Key header values: 8-64 of A-Z a-z 0-9 _ - (a UUID fits). */
  public static final Pattern IDEMPOTENCY_KEY = Pattern.compile("^[A-Za-z0-9_-]{8,64}$");

  public static final int EMAIL_MAX = 254;
  public static final int MAX_NUMBER = 99_999_999;

  private Segments() {}

  /** Lower-case key form of a user or organization name. */
  public static String account(String field, String value) {
    if (value == null || !ACCOUNT.matcher(value).matches()) {
      throw new ValidationException(field,
          field + " must be 1-39 letters, digits or inner hyphens, starting and ending with a letter or digit");
    }
    return value.toLowerCase(Locale.ROOT);
  }

  /** Lower-case key form of a repository name. */
  public static String repo(String field, String value) {
    if (value == null || !REPO.matcher(value).matches() || value.equals(".") || value.equals("..")) {
      throw new ValidationException(field, field + " must be 1-100 of A-Z a-z 0-9 . _ - and not . or ..");
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

  /** Issue or pull request number as written in keys: 8 digits, zero-padded. */
  public static String n8(int number) {
    checkNumber(number);
    return String.format(Locale.ROOT, "%08d", number);
  }

  /** 99999999 - n, zero-padded: ascending order of this string is descending order of n. */
  public static String rev8(int number) {
    checkNumber(number);
    return String.format(Locale.ROOT, "%08d", MAX_NUMBER - number);
  }

  /**
   * Parses a path number; a non-number or one outside 1..99999999 is a validation error. Only
   * ASCII digits: Character.isDigit and Integer.parseInt also take Arabic-Indic or full-width
   * digits, which would make an Arabic-Indic three in a path another URL of issue 3.
   */
  public static int number(String field, String value) {
    if (value == null || value.isEmpty() || value.length() > 8 || !value.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw new ValidationException(field, field + " must be a number from 1 to 99999999");
    }
    int n = Integer.parseInt(value);
    if (n < 1) {
      throw new ValidationException(field, field + " must be a number from 1 to 99999999");
    }
    return n;
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

  private static void checkNumber(int number) {
    if (number < 1 || number > MAX_NUMBER) {
      throw new ValidationException("number", "number must be from 1 to 99999999");
    }
  }
}

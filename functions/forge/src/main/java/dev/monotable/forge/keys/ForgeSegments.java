package dev.monotable.forge.keys;

import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.errors.ValidationException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Validation and normalisation of Forge's own key segments (docs/forge/api-contract.md#input-rules):
 * account and repository names, and issue and pull request numbers as keys write them. The
 * segments every domain uses (e-mail, ULID, Idempotency-Key) are the kit's {@code Segments}. Each
 * accepted value is free of {@code #}, so no input can change the structure of a key.
 */
public final class ForgeSegments {

  /** Account names (users and organizations), 1..39 characters. */
  public static final Pattern ACCOUNT = Pattern.compile("^[A-Za-z0-9](?:[A-Za-z0-9-]{0,37}[A-Za-z0-9])?$");
  /** Repository names, 1..100 characters, not {@code .} or {@code ..}. */
  public static final Pattern REPO = Pattern.compile("^[A-Za-z0-9._-]{1,100}$");

  /** The largest issue or pull request number: 8 digits. */
  public static final int MAX_NUMBER = 99_999_999;

  private ForgeSegments() {}

  /**
   * Lower-case key form of a user or organization name. Checked character by character, exactly
   * as {@link #ACCOUNT} (which the docs and the bad-input suites read; ForgeSegmentsTest holds the
   * two to the same answers): every key of every request goes through here, and the regex cost
   * about 3% of a warm GET in the bench's profile.
   */
  public static String account(String field, String value) {
    if (!isAccount(value)) {
      throw new ValidationException(field,
          field + " must be 1-39 letters, digits or inner hyphens, starting and ending with a letter or digit");
    }
    return value.toLowerCase(Locale.ROOT);
  }

  /** Lower-case key form of a repository name ({@link #REPO}, checked as {@link #account} is). */
  public static String repo(String field, String value) {
    if (!isRepo(value) || value.equals(".") || value.equals("..")) {
      throw new ValidationException(field, field + " must be 1-100 of A-Z a-z 0-9 . _ - and not . or ..");
    }
    return value.toLowerCase(Locale.ROOT);
  }

  /** {@link #account} as an entity's key form: a 400 naming {@code field}, else the lower-case name. */
  public static Attr.KeyForm accountKey(String field) {
    return v -> account(field, (String) v);
  }

  /** {@link #repo} as an entity's key form. */
  public static Attr.KeyForm repoKey(String field) {
    return v -> repo(field, (String) v);
  }

  /** {@link #n8} of an entity's number. */
  public static final Attr.KeyForm N8 = v -> n8(((Number) v).intValue());

  /** {@link #rev8} of an entity's number. */
  public static final Attr.KeyForm REV8 = v -> rev8(((Number) v).intValue());

  /** True when {@code value} matches {@link #ACCOUNT}. */
  static boolean isAccount(String value) {
    int n = value == null ? 0 : value.length();
    if (n < 1 || n > 39) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      char c = value.charAt(i);
      if (!(isAsciiLetterOrDigit(c) || (c == '-' && i > 0 && i < n - 1))) {
        return false;
      }
    }
    return true;
  }

  /** True when {@code value} matches {@link #REPO}. */
  static boolean isRepo(String value) {
    int n = value == null ? 0 : value.length();
    if (n < 1 || n > 100) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      char c = value.charAt(i);
      if (!(isAsciiLetterOrDigit(c) || c == '.' || c == '_' || c == '-')) {
        return false;
      }
    }
    return true;
  }

  private static boolean isAsciiLetterOrDigit(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
  }

  /** Issue or pull request number as written in keys: 8 digits, zero-padded. */
  public static String n8(int number) {
    checkNumber(number);
    return pad8(number);
  }

  /** 99999999 - n, zero-padded: ascending order of this string is descending order of n. */
  public static String rev8(int number) {
    checkNumber(number);
    return pad8(MAX_NUMBER - number);
  }

  // What String.format("%08d") gives for 0..99999999, without a Formatter per key (2% of a warm GET).
  private static String pad8(int n) {
    String digits = Integer.toString(n);
    return "00000000".substring(digits.length()) + digits;
  }

  /**
   * Parses a path number; a non-number or one outside 1..99999999 is a validation error. Only
   * ASCII digits: Character.isDigit and Integer.parseInt also take Arabic-Indic or full-width
   * digits, which would make an Arabic-Indic three in a path another URL of issue 3.
   */
  public static int number(String field, String value) {
    if (value == null || value.isEmpty() || value.length() > 8 || !asciiDigits(value)) {
      throw new ValidationException(field, field + " must be a number from 1 to 99999999");
    }
    int n = Integer.parseInt(value);
    if (n < 1) {
      throw new ValidationException(field, field + " must be a number from 1 to 99999999");
    }
    return n;
  }

  private static boolean asciiDigits(String value) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  private static void checkNumber(int number) {
    if (number < 1 || number > MAX_NUMBER) {
      throw new ValidationException("number", "number must be from 1 to 99999999");
    }
  }
}

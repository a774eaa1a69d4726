package dev.monotable.forge.model;

import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.text.Text;

/**
 * Input rules (docs/forge/api-contract.md#input-rules) for values that are not key segments (those are in
 * {@link dev.monotable.kit.keys.Segments}). Lengths count characters as people do, that is
 * Unicode code points: an emoji is one character although Java stores it as two UTF-16 units. A
 * string with an unpaired surrogate is refused before any length check: it cannot be encoded as
 * UTF-8, so DynamoDB (and the SDK) would fail on it after a write had been prepared.
 */
public final class Rules {
  public static final int TITLE_MAX = 256;
  public static final int BODY_MAX = 65_536;
  public static final int SHORT_TEXT_MAX = 350;
  public static final int REF_MAX = 255;
  /** Longest user or organization name ({@link dev.monotable.kit.keys.Segments#ACCOUNT}). */
  public static final int ACCOUNT_MAX = 39;
  /** Longest repository name ({@link dev.monotable.kit.keys.Segments#REPO}). */
  public static final int REPO_MAX = 100;

  private Rules() {}

  /** Issue or pull request title: 1..256 characters. */
  public static String title(String value) {
    if (value == null || value.isBlank() || length(wellFormed("title", value)) > TITLE_MAX) {
      throw new ValidationException("title", "title must be 1 to 256 characters");
    }
    return value;
  }

  /** Body or bio: at most 65,536 characters; null allowed when {@code required} is false. */
  public static String longText(String field, String value, boolean required) {
    if (value == null) {
      if (required) {
        throw new ValidationException(field, field + " is required");
      }
      return null;
    }
    if (length(wellFormed(field, value)) > BODY_MAX || (required && value.isBlank())) {
      throw new ValidationException(field, field + " must be " + (required ? "1 to " : "at most ") + "65536 characters");
    }
    return value;
  }

  /** Description or name: at most 350 characters. */
  public static String shortText(String field, String value) {
    if (value != null && length(wellFormed(field, value)) > SHORT_TEXT_MAX) {
      throw new ValidationException(field, field + " must be at most 350 characters");
    }
    return value;
  }

  /** Pull request head or base: 1..255 characters without control characters. */
  public static String ref(String field, String value) {
    if (value == null || value.isEmpty() || length(wellFormed(field, value)) > REF_MAX
        || value.chars().anyMatch(c -> Character.isISOControl(c))) {
      throw new ValidationException(field, field + " must be 1 to 255 characters without control characters");
    }
    return value;
  }

  /** Length in characters (code points); call {@link #wellFormed} first. */
  public static int length(String value) {
    return Text.length(value);
  }

  /**
   * The value when every surrogate is paired and it holds no control character but tab and line
   * breaks ({@link Text#isAcceptable}); else a 400 naming the field.
   */
  public static String wellFormed(String field, String value) {
    if (value != null && !Text.isAcceptable(value)) {
      throw new ValidationException(field, field + (isWellFormed(value) ? " holds a control character (only tab and "
          + "line breaks are allowed)" : " is not valid Unicode text (unpaired surrogate)"));
    }
    return value;
  }

  /** True when the string is valid UTF-16, so it has a UTF-8 encoding. */
  public static boolean isWellFormed(String value) {
    return Text.isWellFormed(value);
  }
}

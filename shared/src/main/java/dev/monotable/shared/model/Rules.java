package dev.monotable.shared.model;

import dev.monotable.shared.errors.ValidationException;

/**
 * Input rules (docs/api-contract.md#input-rules) for values that are not key segments (those are in
 * {@link dev.monotable.shared.keys.Segments}). Lengths count characters (UTF-16 code points would
 * let surrogate pairs through twice as long; characters match what clients count in JSON).
 */
public final class Rules {
  public static final int TITLE_MAX = 256;
  public static final int BODY_MAX = 65_536;
  public static final int SHORT_TEXT_MAX = 350;
  public static final int REF_MAX = 255;

  private Rules() {}

  /** Issue or pull request title: 1..256 characters. */
  public static String title(String value) {
    if (value == null || value.isBlank() || value.length() > TITLE_MAX) {
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
    if (value.length() > BODY_MAX || (required && value.isBlank())) {
      throw new ValidationException(field, field + " must be " + (required ? "1 to " : "at most ") + "65536 characters");
    }
    return value;
  }

  /** Description or name: at most 350 characters. */
  public static String shortText(String field, String value) {
    if (value != null && value.length() > SHORT_TEXT_MAX) {
      throw new ValidationException(field, field + " must be at most 350 characters");
    }
    return value;
  }

  /** Pull request head or base: 1..255 characters without control characters. */
  public static String ref(String field, String value) {
    if (value == null || value.isEmpty() || value.length() > REF_MAX
        || value.chars().anyMatch(c -> Character.isISOControl(c))) {
      throw new ValidationException(field, field + " must be 1 to 255 characters without control characters");
    }
    return value;
  }
}

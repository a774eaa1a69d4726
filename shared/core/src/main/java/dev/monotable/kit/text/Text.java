package dev.monotable.kit.text;

/**
 * Text as people count it: lengths in Unicode code points (an emoji is one character although Java
 * stores it as two UTF-16 units), and only well-formed strings (an unpaired surrogate has no UTF-8
 * encoding, so DynamoDB and the SDK would fail on it after a write had been prepared).
 */
public final class Text {

  private Text() {}

  /** Length in characters (code points); check {@link #isWellFormed} first. */
  public static int length(String value) {
    return value.codePointCount(0, value.length());
  }

  /** True when the string is valid UTF-16, so it has a UTF-8 encoding. */
  public static boolean isWellFormed(String value) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (Character.isHighSurrogate(c)) {
        if (i + 1 >= value.length() || !Character.isLowSurrogate(value.charAt(i + 1))) {
          return false;
        }
        i++;
      } else if (Character.isLowSurrogate(c)) {
        return false;
      }
    }
    return true;
  }
}

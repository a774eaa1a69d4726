package dev.monotable.kit.text;

/**
 * Text as people count it: lengths in Unicode code points (an emoji is one character although Java
 * stores it as two UTF-16 units), and only well-formed strings (an unpaired surrogate has no UTF-8
 * encoding, so DynamoDB and the SDK would fail on it after a write had been prepared). No text a
 * domain takes holds a control character other than tab, line feed and carriage return
 * ({@link #CONTROLS}): NUL, BEL, ESC, DEL and C1 are invisible in every client, so two values that
 * look the same would differ.
 */
public final class Text {

  /** The control characters no text holds, as a regular expression's class body (Java and ECMA-262 read it alike). */
  public static final String CONTROLS = "\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f";

  private static final java.util.regex.Pattern CONTROL = java.util.regex.Pattern.compile("[" + CONTROLS + "]");

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

  /** True when the string is well-formed ({@link #isWellFormed}) and holds none of the {@link #CONTROLS}. */
  public static boolean isAcceptable(String value) {
    return isWellFormed(value) && !CONTROL.matcher(value).find();
  }
}

package dev.monotable.kit.catalog;

import java.util.List;
import java.util.Objects;

/**
 * One field of a route's JSON body, declared once on its {@link Endpoint}: the kit refuses a field
 * the route does not declare (400 naming it), the docs print the request schema from the same
 * declaration, and the generated bad-input suites read it. Build with the static factories, then
 * {@link #required()}.
 *
 * @param name the JSON member name
 * @param type what the value is
 * @param mandatory the body must hold it
 * @param min shortest text in characters, or lowest integer; 0 when unbounded
 * @param max longest text in characters, highest integer, most array items, or the magnitude a
 *     number stays below; 0 when unbounded
 * @param pattern the regular expression a text matches, or null
 * @param values the accepted texts of an enumeration, or empty
 * @param items the element of an {@link Type#ARRAY}, or null
 * @param fields the members of an {@link Type#OBJECT} (closed: no other member), or empty
 * @param segment the name of the key rule a text obeys when it becomes part of a key (for example
 *     {@code account}, {@code email}, {@code label}), or null: the bad-input suites then try key
 *     delimiters and look-alikes on it
 * @param text what a text refuses beyond its length and pattern ({@link Text#ANY} for other types)
 */
public record BodyField(String name, Type type, boolean mandatory, long min, long max, String pattern,
    List<String> values, BodyField items, List<BodyField> fields, String segment, Text text) {

  /** What a body field holds. */
  public enum Type {
    STRING, TIMESTAMP, INTEGER, NUMBER, BOOLEAN, ARRAY, OBJECT
  }

  /**
   * What a text refuses besides its length, so the docs' lengths stay the contract's. Each rule is
   * one regular expression, the same in Java and in the published JSON Schema ({@link #regex}), so
   * what the server refuses is what the document says. No text holds a control character other
   * than tab, line feed and carriage return (NUL, BEL, ESC, DEL, C1): they are invisible in every
   * client and let two values that look the same differ (a uniqueness bypass).
   */
  public enum Text {
    /** Any well-formed text (no unpaired surrogate) of the declared length, without control characters but tab and line breaks. */
    ANY("^[^" + Text.CONTROLS + "]*$", "no control characters but tab and line breaks"),
    /** Text that is not only white space (nor only invisible spaces), without control characters but tab and line breaks. */
    NON_BLANK("^[^" + Text.CONTROLS + "]*[^" + Text.CONTROLS + Text.SPACES + "][^" + Text.CONTROLS + "]*$",
        "not only white space; no control characters but tab and line breaks"),
    /** Text without any control character (one line: a branch name, a label). */
    NO_CONTROL("^[^\\u0000-\\u001f\\u007f-\\u009f]*$", "one line without control characters");

    /** Control characters refused in every text: C0 but tab, LF, CR; DEL; C1. */
    private static final String CONTROLS = dev.monotable.kit.text.Text.CONTROLS;
    /** White space as JSON Schema's (ECMA-262) {@code \s} means it, spelled out so Java reads it the same. */
    private static final String SPACES = "\\t\\n\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff";

    private final String regex;
    private final String words;
    private final java.util.regex.Pattern compiled;

    Text(String regex, String words) {
      this.regex = regex;
      this.words = words;
      this.compiled = java.util.regex.Pattern.compile(regex);
    }

    /** The rule in words, for the docs' tables. */
    public String words() {
      return words;
    }

    /** The rule whose {@link #regex} is {@code regex}, or null. */
    public static Text ofRegex(String regex) {
      for (Text t : values()) {
        if (t.regex.equals(regex)) {
          return t;
        }
      }
      return null;
    }

    /** The rule as a regular expression (JSON Schema's {@code pattern} of the field). */
    public String regex() {
      return regex;
    }

    /** Whether {@code s} holds to the rule. */
    public boolean admits(String s) {
      return compiled.matcher(s).matches();
    }
  }

  public BodyField {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(text, "text");
    if (type != Type.STRING && (segment != null || text != Text.ANY)) {
      throw new IllegalArgumentException(name + ": only a text has a key rule or text rules");
    }
    values = List.copyOf(values);
    fields = List.copyOf(fields);
    if ((type == Type.ARRAY) != (items != null)) {
      throw new IllegalArgumentException(name + ": an array, and only an array, has items");
    }
  }

  /**
   * An e-mail address in any case ({@link dev.monotable.kit.keys.Segments#EMAIL_ADDRESS_ANY_CASE}): the
   * kit's one e-mail rule, published as the document's pattern; the server compares and stores it in
   * lower case ({@link dev.monotable.kit.keys.Segments#email}), so no control, format or invisible
   * character and no look-alike letter makes a second address of the same one.
   */
  public static BodyField email(String name) {
    return new BodyField(name, Type.STRING, false, 3, dev.monotable.kit.keys.Segments.EMAIL_MAX,
        dev.monotable.kit.keys.Segments.EMAIL_ADDRESS_ANY_CASE.pattern(), List.of(), null, List.of(), "email", Text.ANY);
  }

  /** Text of {@code min}..{@code max} characters. */
  public static BodyField text(String name, int min, int max) {
    return new BodyField(name, Type.STRING, false, min, max, null, List.of(), null, List.of(), null, Text.ANY);
  }

  /** Text matching {@code regex} (a key segment, a label). */
  public static BodyField matching(String name, String regex) {
    return matching(name, regex, 0);
  }

  /** Text matching {@code regex}, of at most {@code maxChars} characters (0: the pattern's own limit). */
  public static BodyField matching(String name, String regex, int maxChars) {
    return new BodyField(name, Type.STRING, false, 0, maxChars, regex, List.of(), null, List.of(), null, Text.ANY);
  }

  /** One of these texts. */
  public static BodyField oneOf(String name, List<String> values) {
    return new BodyField(name, Type.STRING, false, 0, 0, null, values, null, List.of(), null, Text.ANY);
  }

  /** An ISO-8601 UTC timestamp. */
  public static BodyField timestamp(String name) {
    return new BodyField(name, Type.TIMESTAMP, false, 0, 0, null, List.of(), null, List.of(), null, Text.ANY);
  }

  /** A whole number from {@code min} to {@code max}. */
  public static BodyField integer(String name, long min, long max) {
    return new BodyField(name, Type.INTEGER, false, min, max, null, List.of(), null, List.of(), null, Text.ANY);
  }

  /** A number DynamoDB can store. */
  public static BodyField number(String name) {
    return new BodyField(name, Type.NUMBER, false, 0, 0, null, List.of(), null, List.of(), null, Text.ANY);
  }

  /**
   * A number DynamoDB can store whose magnitude stays below {@code below}: the document says so
   * ({@code exclusiveMinimum}/{@code exclusiveMaximum}), the kit refuses what reaches it.
   */
  public static BodyField number(String name, long below) {
    if (below <= 0) {
      throw new IllegalArgumentException(name + ": the magnitude bound must be positive");
    }
    return new BodyField(name, Type.NUMBER, false, 0, below, null, List.of(), null, List.of(), null, Text.ANY);
  }

  public static BodyField bool(String name) {
    return new BodyField(name, Type.BOOLEAN, false, 0, 0, null, List.of(), null, List.of(), null, Text.ANY);
  }

  /** At most {@code maxItems} of {@code items} (whose name is not used). */
  public static BodyField array(String name, BodyField items, int maxItems) {
    return new BodyField(name, Type.ARRAY, false, 0, maxItems, null, List.of(), items, List.of(), null, Text.ANY);
  }

  /** An object of exactly these members (an array's element). */
  public static BodyField object(String name, BodyField... fields) {
    return new BodyField(name, Type.OBJECT, false, 0, 0, null, List.of(), null, List.of(fields), null, Text.ANY);
  }

  /** The same field, which the body must hold. */
  public BodyField required() {
    return new BodyField(name, type, true, min, max, pattern, values, items, fields, segment, text);
  }

  /** The same text, which becomes part of a key under the key rule named {@code rule}. */
  public BodyField keySegment(String rule) {
    return new BodyField(name, type, mandatory, min, max, pattern, values, items, fields,
        Objects.requireNonNull(rule, "rule"), text);
  }

  /** The same text, refusing one that is only white space. */
  public BodyField nonBlank() {
    return new BodyField(name, type, mandatory, min, max, pattern, values, items, fields, segment, Text.NON_BLANK);
  }

  /** The same text, refusing control characters. */
  public BodyField noControl() {
    return new BodyField(name, type, mandatory, min, max, pattern, values, items, fields, segment, Text.NO_CONTROL);
  }

  /** The exact value of a number without a fraction, or null for anything else (a fraction, NaN, an infinity). */
  private static java.math.BigDecimal wholeNumber(Object value) {
    if (!(value instanceof Number n)) {
      return null;
    }
    try {
      java.math.BigDecimal d = n instanceof java.math.BigDecimal b ? b : new java.math.BigDecimal(n.toString());
      return d.signum() == 0 ? java.math.BigDecimal.ZERO : d.stripTrailingZeros().scale() <= 0 ? d : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /**
   * The value of this field as the kit stores it, once it holds to the declaration: a text of the
   * declared length, pattern, values and text rule; a whole number in range; a number DynamoDB can
   * store (exact, as a {@code BigDecimal}); a boolean; a timestamp in the kit's one spelling.
   * Arrays and objects are the domain's code to check.
   *
   * @throws dev.monotable.kit.errors.ValidationException naming the field: a missing mandatory value or a value it refuses
   */
  public Object accept(Object value) {
    if (value == null) {
      if (mandatory) {
        throw new dev.monotable.kit.errors.ValidationException(name, name + " is required");
      }
      return null;
    }
    switch (type) {
      case STRING, TIMESTAMP -> {
        if (!(value instanceof String s)) {
          throw new dev.monotable.kit.errors.ValidationException(name, name + " must be a string");
        }
        if (type == Type.TIMESTAMP) {
          dev.monotable.kit.keys.Timestamps.param(name, s);
          return s;
        }
        int length = dev.monotable.kit.text.Text.length(s);
        boolean refused = !dev.monotable.kit.text.Text.isWellFormed(s) || length < min || (max > 0 && length > max)
            || (pattern != null && !s.matches(pattern)) || (!values.isEmpty() && !values.contains(s))
            || !text.admits(s);
        if (refused) {
          throw new dev.monotable.kit.errors.ValidationException(name, !values.isEmpty()
              ? name + " must be one of " + String.join(", ", values)
              : name + " must be " + (max > 0 ? min + "-" + max + " characters" : "well-formed text")
                  + (pattern != null ? " matching " + pattern : ""));
        }
        return s;
      }
      case INTEGER -> {
        // Compared exactly: a double or a long conversion would take 1e400 as 0 (or Infinity) and 2^63 as -2^63.
        java.math.BigDecimal whole = wholeNumber(value);
        if (whole == null || whole.compareTo(java.math.BigDecimal.valueOf(min)) < 0
            || whole.compareTo(java.math.BigDecimal.valueOf(max)) > 0) {
          throw new dev.monotable.kit.errors.ValidationException(name, name + " must be a whole number from " + min
              + " to " + max);
        }
        return whole.longValueExact();
      }
      case NUMBER -> {
        java.math.BigDecimal n = dev.monotable.kit.items.Numbers.field(name, value);
        if (max > 0 && n.abs().compareTo(java.math.BigDecimal.valueOf(max)) >= 0) {
          throw new dev.monotable.kit.errors.ValidationException(name, name + " must be a number of magnitude below "
              + max);
        }
        return n;
      }
      case BOOLEAN -> {
        if (!(value instanceof Boolean)) {
          throw new dev.monotable.kit.errors.ValidationException(name, name + " must be true or false");
        }
        return value;
      }
      default -> {
        return value;
      }
    }
  }
}

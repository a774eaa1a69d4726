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
 * @param max longest text in characters, highest integer, or most array items; 0 when unbounded
 * @param pattern the regular expression a text matches, or null
 * @param values the accepted texts of an enumeration, or empty
 * @param items the element of an {@link Type#ARRAY}, or null
 * @param fields the members of an {@link Type#OBJECT} (closed: no other member), or empty
 */
public record BodyField(String name, Type type, boolean mandatory, long min, long max, String pattern,
    List<String> values, BodyField items, List<BodyField> fields) {

  /** What a body field holds. */
  public enum Type {
    STRING, TIMESTAMP, INTEGER, NUMBER, BOOLEAN, ARRAY, OBJECT
  }

  public BodyField {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    values = List.copyOf(values);
    fields = List.copyOf(fields);
    if ((type == Type.ARRAY) != (items != null)) {
      throw new IllegalArgumentException(name + ": an array, and only an array, has items");
    }
  }

  /** Text of {@code min}..{@code max} characters. */
  public static BodyField text(String name, int min, int max) {
    return new BodyField(name, Type.STRING, false, min, max, null, List.of(), null, List.of());
  }

  /** Text matching {@code regex} (a key segment, a label). */
  public static BodyField matching(String name, String regex) {
    return new BodyField(name, Type.STRING, false, 0, 0, regex, List.of(), null, List.of());
  }

  /** One of these texts. */
  public static BodyField oneOf(String name, List<String> values) {
    return new BodyField(name, Type.STRING, false, 0, 0, null, values, null, List.of());
  }

  /** An ISO-8601 UTC timestamp. */
  public static BodyField timestamp(String name) {
    return new BodyField(name, Type.TIMESTAMP, false, 0, 0, null, List.of(), null, List.of());
  }

  /** A whole number from {@code min} to {@code max}. */
  public static BodyField integer(String name, long min, long max) {
    return new BodyField(name, Type.INTEGER, false, min, max, null, List.of(), null, List.of());
  }

  /** A number DynamoDB can store. */
  public static BodyField number(String name) {
    return new BodyField(name, Type.NUMBER, false, 0, 0, null, List.of(), null, List.of());
  }

  public static BodyField bool(String name) {
    return new BodyField(name, Type.BOOLEAN, false, 0, 0, null, List.of(), null, List.of());
  }

  /** At most {@code maxItems} of {@code items} (whose name is not used). */
  public static BodyField array(String name, BodyField items, int maxItems) {
    return new BodyField(name, Type.ARRAY, false, 0, maxItems, null, List.of(), items, List.of());
  }

  /** An object of exactly these members (an array's element). */
  public static BodyField object(String name, BodyField... fields) {
    return new BodyField(name, Type.OBJECT, false, 0, 0, null, List.of(), null, List.of(fields));
  }

  /** The same field, which the body must hold. */
  public BodyField required() {
    return new BodyField(name, type, true, min, max, pattern, values, items, fields);
  }
}

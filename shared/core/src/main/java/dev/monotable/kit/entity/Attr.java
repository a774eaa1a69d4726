package dev.monotable.kit.entity;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One attribute of an {@link Entity}: the item's attribute name ({@code User}), the field the
 * domain's code and key templates call it by ({@code user}), its DynamoDB type, whether every item
 * has it, how it changes after creation and, for an attribute that is also a key segment, the rule
 * every value is held to before it becomes part of a key.
 *
 * @param name the item attribute's name
 * @param field the name of the value in code, and of the key templates' placeholder it fills
 * @param kind the DynamoDB type
 * @param required every item of the entity has it
 * @param change how it changes after the item is written
 * @param rule the pattern a key segment matches, or null for an attribute no key is built from
 * @param description what it holds, as the entity chart prints it
 * @param form how a value becomes its key segment, or null when the value is the segment as it is
 *     (checked by {@code rule})
 */
public record Attr(String name, String field, Kind kind, boolean required, Change change, Pattern rule,
    String description, KeyForm form) {

  /** The DynamoDB type of an attribute. */
  public enum Kind {
    S, N, BOOL, SS, L, M
  }

  /** How an attribute changes after the item is created. */
  public enum Change {
    /** Written at creation, never changed. */
    FIXED,
    /** Changed by an UpdateItem conditioned on {@code Version} (If-Match). */
    VERSIONED,
    /** Changed by atomic ADD/SET without a version check (counters, stream handlers). */
    ATOMIC
  }

  /**
   * How a value becomes a key segment when the key does not hold it as the item does: a name the
   * keys hold lower-cased (so they are case-insensitive while the item keeps the display form), a
   * number zero-padded so keys sort by it. It checks the value first and throws the domain's own
   * 400 (naming the field) for one that may not become part of a key.
   */
  @FunctionalInterface
  public interface KeyForm {
    String of(Object value);
  }

  /** Without a key form: the value is its own key segment. */
  public Attr(String name, String field, Kind kind, boolean required, Change change, Pattern rule,
      String description) {
    this(name, field, kind, required, change, rule, description, null);
  }

  public Attr {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(field, "field");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(change, "change");
    Objects.requireNonNull(description, "description");
  }

  /** A required, fixed string attribute. */
  public static Attr string(String name, String field, String description) {
    return new Attr(name, field, Kind.S, true, Change.FIXED, null, description);
  }

  /** A required, fixed number attribute. */
  public static Attr number(String name, String field, String description) {
    return new Attr(name, field, Kind.N, true, Change.FIXED, null, description);
  }

  /** A required, fixed boolean attribute. */
  public static Attr bool(String name, String field, String description) {
    return new Attr(name, field, Kind.BOOL, true, Change.FIXED, null, description);
  }

  /** A required, fixed string that is also a key segment, held to {@code rule}. */
  public static Attr segment(String name, String field, Pattern rule, String description) {
    return new Attr(name, field, Kind.S, true, Change.FIXED, rule, description);
  }

  public Attr optional() {
    return new Attr(name, field, kind, false, change, rule, description, form);
  }

  public Attr changes(Change how) {
    return new Attr(name, field, kind, required, how, rule, description, form);
  }

  /** Also a key segment, in the form {@code form} gives (and checks); any kind of attribute may be. */
  public Attr keyed(KeyForm form) {
    return new Attr(name, field, kind, required, change, rule, description, Objects.requireNonNull(form, "form"));
  }

  /** True when {@code value} may become part of a key: it matches the rule (and holds no {@code #}). */
  public boolean accepts(String value) {
    return value != null && !value.isEmpty() && value.indexOf('#') < 0 && (rule == null || rule.matcher(value).matches());
  }
}

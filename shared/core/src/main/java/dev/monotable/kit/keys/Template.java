package dev.monotable.kit.keys;


import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A key template such as {@code NOTE#{author}#{id}}. Keys are built only by filling
 * templates, and the generated entity charts print the same templates, so code and docs cannot
 * drift apart.
 */
public final class Template {
  private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z0-9]+)}");

  private final String pattern;
  private final List<String> literals = new ArrayList<>();
  private final List<String> names = new ArrayList<>();
  // names() is asked for on every key an entity fills: one immutable copy, made once.
  private final List<String> namesCopy;
  private final Pattern regex;
  private final Pattern capturing;

  private Template(String pattern) {
    this.pattern = pattern;
    Matcher m = PLACEHOLDER.matcher(pattern);
    int last = 0;
    while (m.find()) {
      literals.add(pattern.substring(last, m.start()));
      names.add(m.group(1));
      last = m.end();
    }
    literals.add(pattern.substring(last));
    namesCopy = List.copyOf(names);
    regex = compile("[^#]+");
    capturing = compile("([^#]+)");
  }

  private Pattern compile(String segment) {
    StringBuilder sb = new StringBuilder("^");
    for (int i = 0; i < names.size(); i++) {
      sb.append(Pattern.quote(literals.get(i))).append(segment);
    }
    return Pattern.compile(sb.append(Pattern.quote(literals.get(names.size()))).append('$').toString());
  }

  public static Template of(String pattern) {
    return new Template(pattern);
  }

  /** Fills the placeholders in order; values must already be validated segments. */
  public String fill(String... values) {
    if (values.length != names.size()) {
      throw new IllegalArgumentException(pattern + " takes " + names.size() + " values, got " + values.length);
    }
    StringBuilder sb = new StringBuilder(pattern.length() + 32);
    for (int i = 0; i < values.length; i++) {
      sb.append(literals.get(i)).append(values[i]);
    }
    return sb.append(literals.get(values.length)).toString();
  }

  /** The constant text before the first placeholder, the natural begins_with prefix. */
  public String prefix() {
    return literals.get(0);
  }

  /** Placeholder names in order. */
  public List<String> names() {
    return namesCopy;
  }

  /** A regular expression matching any key this template can produce. */
  public Pattern regex() {
    return regex;
  }

  /**
   * The placeholder values of a key this template produced, in placeholder order, or null when
   * the key does not match.
   */
  public List<String> values(String key) {
    if (key == null) {
      return null;
    }
    Matcher m = capturing.matcher(key);
    if (!m.matches()) {
      return null;
    }
    List<String> out = new ArrayList<>(names.size());
    for (int i = 1; i <= names.size(); i++) {
      out.add(m.group(i));
    }
    return out;
  }

  /**
   * The pattern with placeholders renamed, for example {@code Template.of("AUTHOR#{author}")
   * .render(Map.of("author", "username"))} is {@code AUTHOR#{username}}. Names not in the map stay; a new name may be any text
   * ({@code {ts of last update}}).
   */
  public String render(Map<String, String> renames) {
    StringBuilder sb = new StringBuilder(literals.get(0));
    for (int i = 0; i < names.size(); i++) {
      sb.append('{').append(renames.getOrDefault(names.get(i), names.get(i))).append('}').append(literals.get(i + 1));
    }
    return sb.toString();
  }

  public String pattern() {
    return pattern;
  }

  @Override
  public String toString() {
    return pattern;
  }
}

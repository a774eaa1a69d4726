package dev.monotable.shared.keys;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A key template such as {@code ISSUE#{owner}#{repo}#{n8}}. Keys are built only by filling
 * templates, and the generated entity charts print the same templates, so code and docs cannot
 * drift apart.
 */
public final class Template {
  private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z0-9]+)}");

  private final String pattern;
  private final List<String> literals = new ArrayList<>();
  private final List<String> names = new ArrayList<>();

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
    return List.copyOf(names);
  }

  /** A regular expression matching any key this template can produce. */
  public Pattern regex() {
    StringBuilder sb = new StringBuilder("^");
    for (int i = 0; i < names.size(); i++) {
      sb.append(Pattern.quote(literals.get(i))).append("[^#]+");
    }
    return Pattern.compile(sb.append(Pattern.quote(literals.get(names.size()))).append('$').toString());
  }

  public String pattern() {
    return pattern;
  }

  @Override
  public String toString() {
    return pattern;
  }
}

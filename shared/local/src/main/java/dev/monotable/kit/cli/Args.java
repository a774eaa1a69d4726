package dev.monotable.kit.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A small command-line parser: {@code --flag}, {@code --option value} (or {@code --option=value})
 * and positional arguments, in any order. Anything not declared is a {@link UsageException}, so a
 * mistyped option never runs a tool with its default.
 */
public final class Args {
  private final Set<String> flags;
  private final Set<String> options;
  private final Map<String, String> values = new LinkedHashMap<>();
  private final List<String> positional = new ArrayList<>();

  private Args(Set<String> flags, Set<String> options) {
    this.flags = flags;
    this.options = options;
  }

  /**
   * Parses {@code args}.
   *
   * @param flags options without a value, for example {@code --json}
   * @param options options taking one value, for example {@code --limit}
   */
  public static Args parse(String[] args, Set<String> flags, Set<String> options) {
    Args a = new Args(flags, options);
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (arg.equals("--")) {
        for (int j = i + 1; j < args.length; j++) {
          a.positional.add(args[j]);
        }
        break;
      }
      if (!arg.startsWith("--") || arg.length() == 2) {
        a.positional.add(arg);
        continue;
      }
      int eq = arg.indexOf('=');
      String name = eq < 0 ? arg : arg.substring(0, eq);
      if (flags.contains(name) && eq < 0) {
        a.values.put(name, "true");
      } else if (options.contains(name)) {
        String value;
        if (eq >= 0) {
          value = arg.substring(eq + 1);
        } else if (i + 1 < args.length) {
          value = args[++i];
        } else {
          throw new UsageException(name + " needs a value");
        }
        if (a.values.put(name, value) != null) {
          throw new UsageException(name + " given twice");
        }
      } else {
        throw new UsageException("unknown option " + name);
      }
    }
    return a;
  }

  /** True for {@code --help} or {@code -h} anywhere on the line, checked before parsing. */
  public static boolean wantsHelp(String[] args) {
    for (String a : args) {
      if (a.equals("--help") || a.equals("-h")) {
        return true;
      }
    }
    return false;
  }

  public boolean flag(String name) {
    requireDeclared(flags, name);
    return values.containsKey(name);
  }

  public String option(String name) {
    requireDeclared(options, name);
    return values.get(name);
  }

  /** A whole number within [min, max], or the default when absent. */
  public int intOption(String name, int defaultValue, int min, int max) {
    String v = option(name);
    if (v == null) {
      return defaultValue;
    }
    try {
      int n = Integer.parseInt(v.trim());
      if (n < min || n > max) {
        throw new UsageException(name + " must be from " + min + " to " + max);
      }
      return n;
    } catch (NumberFormatException e) {
      throw new UsageException(name + " must be a whole number, not " + v);
    }
  }

  public List<String> positional() {
    return List.copyOf(positional);
  }

  private static void requireDeclared(Set<String> declared, String name) {
    if (!declared.contains(name)) {
      throw new IllegalArgumentException(name + " is not declared");
    }
  }
}

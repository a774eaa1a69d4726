package dev.monotable.kit.internal.cli;

import dev.monotable.kit.cli.UsageException;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code --domain <id>} option of the scripts that work on one domain ({@code scripts/dev},
 * {@code seed}, {@code explore}, {@code validate}, {@code backfill}, {@code test-access-patterns}):
 * taken off the command line before the script parses the rest, so each script's own parser and
 * options stay as they are. Which domain an id (or no id) means is decided by the caller's
 * resolver (the kit's registered domains); this class only reads the option.
 *
 * @param id the id given, or null when the option is absent (the default domain)
 * @param rest the arguments without the option and its value
 */
public record DomainOption(String id, String[] rest) {

  /** The option's name. */
  public static final String NAME = "--domain";

  /**
   * Splits {@code --domain id} or {@code --domain=id} off {@code args}; arguments after {@code --}
   * are left alone.
   *
   * @throws UsageException when the option has no value or is given twice
   */
  public static DomainOption take(String[] args) {
    String id = null;
    List<String> rest = new ArrayList<>();
    boolean positionalOnly = false;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (positionalOnly) {
        rest.add(a);
        continue;
      }
      if (a.equals("--")) {
        positionalOnly = true;
        rest.add(a);
        continue;
      }
      String value;
      if (a.equals(NAME)) {
        if (i + 1 >= args.length) {
          throw new UsageException(NAME + " needs a value");
        }
        value = args[++i];
      } else if (a.startsWith(NAME + "=")) {
        value = a.substring(NAME.length() + 1);
      } else {
        rest.add(a);
        continue;
      }
      if (id != null) {
        throw new UsageException(NAME + " given twice");
      }
      if (value.isBlank()) {
        throw new UsageException(NAME + " needs a value");
      }
      id = value.trim();
    }
    return new DomainOption(id, rest.toArray(String[]::new));
  }
}

package dev.monotable.kit.migrate;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A migration's tables: the domain's single table and each old table with its {@link LegacyMapping},
 * in the order the backfill copies them (parents before children reads best, nothing depends on it).
 *
 * @param newTable the single table's name
 * @param oldTables each old table's name and mapping
 */
public record MigrationPlan(String newTable, Map<String, LegacyMapping> oldTables) {
  public MigrationPlan {
    Objects.requireNonNull(newTable, "newTable");
    oldTables = Collections.unmodifiableMap(new LinkedHashMap<>(oldTables));
  }

  /** A plan onto {@code newTable} with no old table yet. */
  public static MigrationPlan onto(String newTable) {
    return new MigrationPlan(newTable, Map.of());
  }

  /** This plan with {@code oldTable}'s items mapped by {@code mapping}. */
  public MigrationPlan from(String oldTable, LegacyMapping mapping) {
    Map<String, LegacyMapping> copy = new LinkedHashMap<>(oldTables);
    if (copy.put(Objects.requireNonNull(oldTable, "oldTable"), Objects.requireNonNull(mapping, "mapping")) != null) {
      throw new IllegalArgumentException(oldTable + " is mapped twice");
    }
    return new MigrationPlan(newTable, copy);
  }

  /** The mapping of an old table, or null for a table the plan does not migrate. */
  public LegacyMapping mapping(String oldTable) {
    return oldTables.get(oldTable);
  }
}

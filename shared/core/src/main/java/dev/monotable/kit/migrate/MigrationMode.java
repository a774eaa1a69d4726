package dev.monotable.kit.migrate;

import dev.monotable.kit.Env;
import java.util.Locale;

/**
 * Where writes go at a stage of a migration, set per stage by {@link Env#MIGRATION_MODE}: the
 * {@link DualWriteClient} reads it.
 */
public enum MigrationMode {
  /** Before the migration: the old design alone. */
  OLD_ONLY,
  /** Every write to an old table is written to the single table too; refusals of one side are reported. */
  DUAL,
  /** After the switch: the old tables take no write; one that still reaches them is refused and reported. */
  NEW_ONLY;

  /** {@link Env#MIGRATION_MODE}, {@link #OLD_ONLY} when unset. */
  public static MigrationMode fromEnvironment() {
    return parse(Env.get(Env.MIGRATION_MODE));
  }

  /** {@code old_only}, {@code DUAL}, {@code new-only}...; null is {@link #OLD_ONLY}. */
  public static MigrationMode parse(String value) {
    if (value == null) {
      return OLD_ONLY;
    }
    try {
      return valueOf(value.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(Env.MIGRATION_MODE + " must be OLD_ONLY, DUAL or NEW_ONLY, not " + value, e);
    }
  }
}

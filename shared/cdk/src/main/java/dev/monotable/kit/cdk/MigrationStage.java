package dev.monotable.kit.cdk;

import dev.monotable.kit.Env;
import dev.monotable.kit.migrate.OldDesign;
import dev.monotable.kit.migrate.ReadSwitch;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where a stage stands in its domain's migration from an older design ({@link OldDesign}), declared in the
 * stage's context: {@code migration} (the phase), {@code migrationReads} (the routes' read switch,
 * {@link Env#MIGRATION_READS}) and {@code migrationOldPrefix} (the old tables' name prefix, default
 * {@code legacy}). Only a domain that declares an old design reads it; the others' stacks never change.
 *
 * <p>The phases, in order (docs/migration.md):
 * <ul>
 *   <li>{@code none}: no migration; the stack has no old table and the functions no migration variable.
 *   <li>{@code dual}: the stack holds the old tables (adopted with {@code cdk import}, retained, deletion
 *       protection on); writes are mirrored ({@code MIGRATION_MODE=DUAL}); reads move pattern by pattern with
 *       {@code migrationReads}, and a route reading a pattern at {@code old} or {@code both} is granted that
 *       pattern's old call, on that table or index only.
 *   <li>{@code new-only}: the old tables take no write ({@code MIGRATION_MODE=NEW_ONLY}); every read is the
 *       single table's. The tables stay, protected.
 *   <li>{@code retiring}: the one step that makes them deletable: deletion protection off, removal policy
 *       delete. Nothing is deleted yet.
 *   <li>{@code retired}: the old tables leave the stack. Deployed after {@code retiring}, CloudFormation deletes
 *       them; deployed straight after {@code new-only}, it only forgets them (their deployed policy is retain):
 *       a mistyped phase can orphan a table, never drop one.
 * </ul>
 *
 * @param phase the phase
 * @param reads {@link Env#MIGRATION_READS} for the routes, or null (every route reads the single table)
 * @param oldPrefix the old tables' name prefix
 */
public record MigrationStage(Phase phase, String reads, String oldPrefix) {

  public static final String CTX_MIGRATION = "migration";
  public static final String CTX_MIGRATION_READS = "migrationReads";
  public static final String CTX_MIGRATION_OLD_PREFIX = "migrationOldPrefix";
  public static final String DEFAULT_OLD_PREFIX = "legacy";

  /** No migration. */
  public static final MigrationStage NONE = new MigrationStage(Phase.NONE, null, DEFAULT_OLD_PREFIX);

  /** A migration's phases, in the order a stage goes through them. */
  public enum Phase {
    NONE, DUAL, NEW_ONLY, RETIRING, RETIRED;

    /** {@code dual}, {@code new-only}... */
    public String contextValue() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    static Phase parse(String value) {
      for (Phase p : values()) {
        if (p.contextValue().equals(value.trim().toLowerCase(Locale.ROOT))) {
          return p;
        }
      }
      throw new IllegalArgumentException("context '" + CTX_MIGRATION + "' must be none, dual, new-only, retiring or "
          + "retired, not '" + value + "'");
    }
  }

  public MigrationStage {
    java.util.Objects.requireNonNull(phase, "phase");
    if (oldPrefix == null || !oldPrefix.matches("[A-Za-z0-9_.-]{1,200}")) {
      throw new IllegalArgumentException("context '" + CTX_MIGRATION_OLD_PREFIX + "' must be a table name prefix, not '"
          + oldPrefix + "'");
    }
    ReadSwitch parsed = switchOf(reads);
    if (phase != Phase.DUAL && reads != null && readsOld(parsed, parsed.named())) {
      throw new IllegalArgumentException("context '" + CTX_MIGRATION_READS + "' reads the old design, which only the "
          + "dual phase does; at " + phase.contextValue() + " every pattern reads new");
    }
    if (phase == Phase.NONE && reads != null) {
      throw new IllegalArgumentException("context '" + CTX_MIGRATION_READS + "' needs a '" + CTX_MIGRATION + "' phase");
    }
  }

  /** From the context; {@link #NONE} when it declares no phase. */
  public static MigrationStage fromContext(String phase, String reads, String oldPrefix) {
    return new MigrationStage(phase == null ? Phase.NONE : Phase.parse(phase), reads,
        oldPrefix == null ? DEFAULT_OLD_PREFIX : oldPrefix);
  }

  /** The routes' read switch (a pattern it does not name reads new). */
  public ReadSwitch readSwitch() {
    return switchOf(reads);
  }

  /** The read switch, once every pattern it names can be switched in {@code design}. */
  public ReadSwitch readSwitch(OldDesign design) {
    return readSwitch().requireKnown(design.reads().keySet());
  }

  /** True while the stack keeps the old tables: from {@code dual} to {@code retiring}. */
  public boolean keepsOldTables() {
    return phase == Phase.DUAL || phase == Phase.NEW_ONLY || phase == Phase.RETIRING;
  }

  /** True while the old tables are protected (deletion protection, retained): {@code dual} and {@code new-only}. */
  public boolean protectsOldTables() {
    return phase == Phase.DUAL || phase == Phase.NEW_ONLY;
  }

  /** What the route functions are told: the write mode, the read switch, the old tables' prefix; sorted. */
  public Map<String, String> environment() {
    Map<String, String> env = new TreeMap<>();
    if (phase == Phase.NONE) {
      return env;
    }
    env.put(Env.MIGRATION_MODE, phase == Phase.DUAL ? "DUAL" : "NEW_ONLY");
    if (reads != null) {
      env.put(Env.MIGRATION_READS, reads);
    }
    if (keepsOldTables()) {
      env.put(Env.MIGRATION_OLD_PREFIX, oldPrefix);
    }
    return env;
  }

  private static ReadSwitch switchOf(String reads) {
    return ReadSwitch.parse(reads, ReadSwitch.Side.NEW, d -> { });
  }

  private static boolean readsOld(ReadSwitch s, java.util.Set<String> named) {
    return s.side("*") != ReadSwitch.Side.NEW || named.stream().anyMatch(p -> s.side(p) != ReadSwitch.Side.NEW);
  }
}

package dev.monotable.kit.migrate.lambda;

import dev.monotable.kit.migrate.Divergence;
import dev.monotable.kit.migrate.ReadSwitch;
import dev.monotable.kit.catalog.MetricNames;
import dev.monotable.kit.log.Emf;
import dev.monotable.kit.internal.log.JsonLog;
import java.io.PrintStream;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A migration's signals as the kit writes them, so a team writes no sink: each dual-write {@link Divergence}
 * and each read {@link ReadSwitch.Difference} is one {@link JsonLog} line ({@code "migration":"divergence"} or
 * {@code "read-difference"}: the operation or pattern, the old table and the old key, or the read's arguments;
 * never an item or a body) that carries its {@link Emf} metric: {@link MetricNames#MIGRATION_DIVERGENCES} by
 * service and old table, {@link MetricNames#MIGRATION_READ_DIFFERENCES} by service and access pattern. A read
 * served while its pattern is switched ({@code old} or {@code both}) is a metrics line
 * ({@code "migration":"reads"}) counting {@link MetricNames#MIGRATION_OLD_READS} and
 * {@link MetricNames#MIGRATION_NEW_READS}; a pattern at {@code new} writes nothing more than its route's line.
 * Makes no DynamoDB call. In kit lambda (it writes the kit's log lines), in the migration's package: a domain
 * that does not migrate leaves the package out of its Lambda jar.
 */
public final class MigrationSignals {

  private final String service;
  private final PrintStream out;
  private final Clock clock;

  MigrationSignals(String service, PrintStream out, Clock clock) {
    this.service = service;
    this.out = out;
    this.clock = clock;
  }

  /** Signals of {@code service} ({@link Emf#service} of the domain's name) on stdout. */
  public static MigrationSignals of(String service) {
    return new MigrationSignals(service, System.out, Clock.systemUTC());
  }

  /** The sink of a {@link dev.monotable.kit.migrate.DualWriteClient}: a WARN line and a metric per divergence. */
  public Consumer<Divergence> divergences() {
    return this::divergence;
  }

  /** The signals of a {@link ReadSwitch}: a WARN line and a metric per difference, counts of the reads served. */
  public ReadSwitch.Signals reads() {
    return new ReadSwitch.Signals() {
      @Override
      public void difference(ReadSwitch.Difference d) {
        MigrationSignals.this.difference(d);
      }

      @Override
      public void served(String pattern, ReadSwitch.Side side) {
        MigrationSignals.this.served(pattern, side);
      }
    };
  }

  void divergence(Divergence d) {
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("level", "WARN");
    line.put("migration", "divergence");
    line.put("operation", d.operation());
    line.put("oldKey", d.oldKey());
    line.put("acceptedBy", d.acceptedBy());
    line.put("reason", d.reason());
    Map<String, String> dimensions = new LinkedHashMap<>();
    dimensions.put(MetricNames.SERVICE, service);
    dimensions.put(MetricNames.OLD_TABLE, d.oldTable());
    Emf.add(line, dimensions, List.of(Emf.Metric.count(MetricNames.MIGRATION_DIVERGENCES, 1)), clock.millis());
    line.putIfAbsent(MetricNames.OLD_TABLE, d.oldTable());
    JsonLog.write(line, out);
  }

  void difference(ReadSwitch.Difference d) {
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("level", "WARN");
    line.put("migration", "read-difference");
    line.put("key", d.key());
    line.put("served", "old");
    Emf.add(line, service, d.pattern(), List.of(Emf.Metric.count(MetricNames.MIGRATION_READ_DIFFERENCES, 1)),
        clock.millis());
    line.putIfAbsent(MetricNames.ACCESS_PATTERN, d.pattern());
    JsonLog.write(line, out);
  }

  void served(String pattern, ReadSwitch.Side side) {
    if (side == ReadSwitch.Side.NEW) {
      return;
    }
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("level", "DEBUG");
    line.put("migration", "reads");
    line.put("side", side.name().toLowerCase(java.util.Locale.ROOT));
    Emf.add(line, service, pattern, List.of(Emf.Metric.count(MetricNames.MIGRATION_OLD_READS, 1),
        Emf.Metric.count(MetricNames.MIGRATION_NEW_READS, side == ReadSwitch.Side.BOTH ? 1 : 0)), clock.millis());
    if (line.containsKey("_aws")) {
      JsonLog.write(line, out);
    }
  }
}

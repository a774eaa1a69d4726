package dev.monotable.kit.ops;

import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.domain.Domain;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What the operator tools ({@code scripts/seed}, {@code explore}, {@code validate},
 * {@code backfill}, {@code test-access-patterns}) need of a domain: its declarations and entity
 * charts, its read patterns as data-access calls, its backfill rules, its counter checks and its
 * synthetic scale data. The tools' own machinery (scans, reports, conditional writes) is the kit's;
 * the demo dataset comes from {@link dev.monotable.kit.local.LocalDomain}.
 */
public interface OpsDomain {

  /** Table, access patterns and routes: the schema seed creates, the patterns explore knows. */
  Domain domain();

  /** Entity charts: validate and backfill hold items to them, explore labels items with them. */
  EntityModel entities();

  /** The READ patterns as calls into the data-access layer, each with a sample on the demo data. */
  List<ReadPattern> readPatterns();

  /** How backfill rewrites items. */
  BackfillRules backfill();

  /** The denormalised counters validate checks (and repairs with {@code --fix-counters}); none by default. */
  default List<CounterCheck> counters() {
    return List.of();
  }

  /**
   * Feeds the first {@code n} items of the synthetic dataset for {@code seed} ({@code seed --scale}):
   * the same seed and n always give the same items, none colliding with the demo data.
   */
  void scaleData(long seed, int n, Consumer<Map<String, AttributeValue>> sink);
}

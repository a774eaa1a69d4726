package dev.monotable.kit.ops;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.KeyCondition;
import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.domain.Domain;
import java.util.ArrayList;
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

  /**
   * The READ patterns as calls into the data-access layer, each with a sample on the demo data. By
   * default every read-only pattern whose declared key ({@link ReadPattern#declared}) has a value of
   * {@link #samples()} for each placeholder: the request its declaration builds is the one its
   * route makes when the route is plain, or when its handler reads that key as declared.
   */
  default List<ReadPattern> readPatterns() {
    List<ReadPattern> out = new ArrayList<>();
    for (AccessPatternSpec p : domain().accessPatterns()) {
      boolean keyed = p.key() instanceof KeyCondition.GetKey || p.key() instanceof KeyCondition.QueryKey;
      if (!keyed || !p.calls().readOnly() || p.calls().isNone()) {
        continue;
      }
      List<String> params = ReadPattern.placeholders(p);
      // A members' read is made as the sample member (the samples name the membership's member field).
      var members = p instanceof dev.monotable.kit.catalog.DeclaredPattern d ? d.members() : null;
      if (!samples().keySet().containsAll(params) || (members != null && !samples().containsKey(members.member()))) {
        continue;
      }
      String[] sample = params.stream().map(samples()::get).toArray(String[]::new);
      out.add(members == null ? ReadPattern.declared(p, sample)
          : ReadPattern.members(p, members, samples().get(members.member()), sample));
    }
    return out;
  }

  /**
   * Values of the demo data for key placeholders ({@code username} to a demo user's name), which the
   * default {@link #readPatterns()} calls the patterns with; none by default.
   */
  default Map<String, String> samples() {
    return Map.of();
  }

  /**
   * How backfill rewrites items; by default each item of an entity a plain pattern serves, through
   * that entity ({@link BackfillRules#of}).
   */
  default BackfillRules backfill() {
    java.util.LinkedHashSet<dev.monotable.kit.entity.Entity> entities = new java.util.LinkedHashSet<>();
    domain().accessPatterns().stream().filter(p -> p.entity() != null).forEach(p -> entities.add(p.entity()));
    return BackfillRules.of(entities.toArray(dev.monotable.kit.entity.Entity[]::new));
  }

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

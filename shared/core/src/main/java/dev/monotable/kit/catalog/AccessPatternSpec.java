package dev.monotable.kit.catalog;

import dev.monotable.kit.data.TableGateway.QuerySpec;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.Map;

/**
 * One access pattern as the kit reads it: the DynamoDB operation that serves it, the index and key
 * condition. Docs, IAM checks, alarms, the request budget tests and the operator tools read patterns
 * through this interface only. A domain declares each of its patterns one way, as a {@link
 * DeclaredPattern} value ({@code DeclaredPattern.of(...)}, {@code get}, {@code list} and their
 * siblings), listed in its {@code Domain#accessPatterns()}; the interface admits no other kind.
 */
public sealed interface AccessPatternSpec permits DeclaredPattern {

  /** Identifier, for example {@code AP14}, unique within the domain. */
  String name();

  String description();

  /** The DynamoDB calls that serve the pattern, typed: the checks read them, the docs print them. */
  Calls calls();

  /** How the pattern finds its items, built from the domain's key templates. */
  KeyCondition key();

  /** The DynamoDB call (or calls) that serve the pattern, as the docs print them. */
  default String operation() {
    return calls().render();
  }

  /** The index queried, or null for the base table. */
  default Gsi index() {
    return key().index();
  }

  /** The key condition as the docs print it. */
  default String keyCondition() {
    return key().render();
  }

  String parameters();

  /**
   * The one entity a plain pattern reads or writes ({@link DeclaredPattern#get} and its siblings),
   * which the kit's {@code PlainHandler} serves without a handler of the domain's; null for a
   * pattern served by the domain's own handler.
   */
  Entity entity();

  /**
   * The Query this pattern sends, built from its declared {@link KeyCondition.QueryKey} for these
   * placeholder values (validated key segments, by the names the key condition prints), so the
   * data layer and the docs read one declaration.
   *
   * @throws IllegalStateException the pattern is not one Query of a partition
   */
  default QuerySpec queryFor(Map<String, String> values) {
    if (key() instanceof KeyCondition.QueryKey q) {
      return q.spec(values);
    }
    throw new IllegalStateException(name() + " does not read one partition: " + keyCondition());
  }

  /**
   * The primary key this pattern reads (GetItem), built from its declared {@link KeyCondition.GetKey}
   * for these placeholder values (validated key segments).
   *
   * @throws IllegalStateException the pattern does not read one item by key
   */
  default Key itemKey(Map<String, String> values) {
    if (key() instanceof KeyCondition.GetKey g) {
      return g.key(values);
    }
    throw new IllegalStateException(name() + " does not read one item by key: " + keyCondition());
  }

  /**
   * The DynamoDB requests the contract allows one call of this pattern, with the reason:
   * {@link RequestAllowance#ONE} unless the pattern declares more, or none, with
   * {@link DeclaredPattern#allowing} (an authorization read, a counter before a transaction).
   */
  RequestAllowance requestAllowance();

  /**
   * The p99 of the pattern's handler latency (the {@code Latency} metric, from the event to the
   * answer; the init phase of a cold start is not in it) above which its alarm fires: {@link
   * #DEFAULT_LATENCY_TARGET_P99_MS} for every pattern ({@link DeclaredPattern} has no slower target of
   * its own to declare).
   */
  default int latencyTargetP99Ms() {
    return DEFAULT_LATENCY_TARGET_P99_MS;
  }

  /**
   * 1000 ms: one or two DynamoDB requests take 5-20 ms warm in the same region, but at low traffic
   * the p99 of five minutes is its slowest invocation, often the first after a SnapStart restore
   * (a few hundred ms of class loading and JIT); a p99 beyond a second means the table or the code
   * got slow, not that a container started.
   */
  int DEFAULT_LATENCY_TARGET_P99_MS = 1000;
}

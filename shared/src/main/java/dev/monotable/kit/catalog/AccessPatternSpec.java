package dev.monotable.kit.catalog;

import dev.monotable.kit.schema.TableSchema.Gsi;

/**
 * One access pattern as a domain declares it (typically an enum of its patterns): the DynamoDB
 * operation that serves it, the index and key condition. Docs, IAM checks, alarms, the request
 * budget tests and the operator tools read patterns through this interface only.
 */
public interface AccessPatternSpec {

  /** Identifier, for example {@code AP14}; an enum's constant name. */
  String name();

  String description();

  /** The DynamoDB call (or calls) that serve the pattern. */
  String operation();

  /** The index queried, or null for the base table. */
  Gsi index();

  String keyCondition();

  String parameters();

  /**
   * The DynamoDB requests the contract allows one call of this pattern, with the reason; by default
   * {@link RequestAllowance#ONE}. A pattern that needs a second request (an authorization read, a
   * counter before a transaction) or none declares it here.
   */
  default RequestAllowance requestAllowance() {
    return RequestAllowance.ONE;
  }
}

package dev.monotable.kit.ops;

/**
 * What the operator tools: read patterns for explore and test-access-patterns, model mapping, backfill and validate rules, scale data of the kit need from a domain. Filled in as the kit's ops programs stop naming a domain.
 */
public interface OpsDomain {}

package dev.monotable.kit.bench;

/**
 * What the bench: cases per route, request budget allowances, the conventional peer of the kit need from a domain. Filled in as the kit's bench programs stop naming a domain.
 */
public interface BenchDomain {}

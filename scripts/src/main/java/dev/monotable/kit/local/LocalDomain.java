package dev.monotable.kit.local;

/**
 * What the local service: how to build the domain's handlers and services, its demo seed of the kit need from a domain. Filled in as the kit's local programs stop naming a domain.
 */
public interface LocalDomain {}

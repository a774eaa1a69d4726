package dev.monotable.kit.docs;

/**
 * What the docs generator: answer shapes, relationships, contract text of the kit need from a domain. Filled in as the kit's docs programs stop naming a domain.
 */
public interface DocsDomain {}

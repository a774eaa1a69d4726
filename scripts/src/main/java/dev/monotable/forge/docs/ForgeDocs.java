package dev.monotable.forge.docs;

import dev.monotable.kit.docs.DocsDomain;

/** Forge's declarations for the kit's docs.DocsDomain facet. */
public final class ForgeDocs implements DocsDomain {}

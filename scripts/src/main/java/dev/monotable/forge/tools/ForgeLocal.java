package dev.monotable.forge.tools;

import dev.monotable.kit.local.LocalDomain;

/** Forge's declarations for the kit's local.LocalDomain facet. */
public final class ForgeLocal implements LocalDomain {}

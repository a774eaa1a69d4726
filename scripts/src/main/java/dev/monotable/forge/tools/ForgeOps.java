package dev.monotable.forge.tools;

import dev.monotable.kit.ops.OpsDomain;

/** Forge's declarations for the kit's ops.OpsDomain facet. */
public final class ForgeOps implements OpsDomain {}

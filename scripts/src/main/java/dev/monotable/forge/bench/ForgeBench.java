package dev.monotable.forge.bench;

import dev.monotable.kit.bench.BenchDomain;

/** Forge's declarations for the kit's bench.BenchDomain facet. */
public final class ForgeBench implements BenchDomain {}

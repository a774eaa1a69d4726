package dev.monotable.kit.bench;

import dev.monotable.forge.functions.Services;
import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.forge.catalog.EndpointCatalog;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.IntFunction;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;

/**
 * One benchmarked request shape: a catalog route, the access patterns it exercises, and a fixture
 * that yields a request succeeding (2xx) every time it is asked, however often: writes use fresh
 * names per invocation, and a {@code before} step (not measured, its DynamoDB calls not counted)
 * restores what the previous invocation consumed (re-adds the member a DELETE removed, say).
 * Versioned updates send {@code If-Match} with the version the previous answer's ETag carried.
 */
public final class BenchCase {
  private final Endpoint endpoint;
  private final List<AccessPatternSpec> patterns;
  private final String variant;
  private final IntFunction<BenchRequest> request;
  private final BiConsumer<Services, Integer> before;
  private final ToLongFunction<Services> initialVersion;
  private int invocations;
  private Long version;

  private BenchCase(Endpoint endpoint, List<AccessPatternSpec> patterns, String variant, IntFunction<BenchRequest> request,
      BiConsumer<Services, Integer> before, ToLongFunction<Services> initialVersion) {
    this.endpoint = endpoint;
    this.patterns = List.copyOf(patterns);
    this.variant = variant;
    this.request = request;
    this.before = before;
    this.initialVersion = initialVersion;
  }

  /** A case for the catalog route {@code routeKey} covering all of its access patterns. */
  public static BenchCase route(String routeKey, IntFunction<BenchRequest> request) {
    Endpoint e = EndpointCatalog.byRouteKey(routeKey);
    if (e == null) {
      throw new IllegalArgumentException("no catalog route " + routeKey);
    }
    return new BenchCase(e, e.patterns(), null, request, null, null);
  }

  /** The same route, narrowed to one of its patterns (a list route's {@code ?state=}). */
  public BenchCase only(AccessPatternSpec pattern, String variantLabel) {
    if (!endpoint.patterns().contains(pattern)) {
      throw new IllegalArgumentException(endpoint.routeKey() + " does not serve " + pattern);
    }
    return new BenchCase(endpoint, List.of(pattern), variantLabel, request, before, initialVersion);
  }

  /** Unmeasured setup before invocation {@code i} (1-based). */
  public BenchCase before(BiConsumer<Services, Integer> step) {
    return new BenchCase(endpoint, patterns, variant, request, step, initialVersion);
  }

  /** Sends {@code If-Match}: first the version read by {@code initial}, then each answer's ETag. */
  public BenchCase ifMatch(ToLongFunction<Services> initial) {
    return new BenchCase(endpoint, patterns, variant, request, before, initial);
  }

  public Endpoint endpoint() {
    return endpoint;
  }

  public List<AccessPatternSpec> patterns() {
    return patterns;
  }

  /** AP ids, e.g. {@code AP24} or {@code AP08}. */
  public String apIds() {
    return patterns.stream().map(AccessPatternSpec::name).collect(Collectors.joining(", "));
  }

  /** Route key plus the variant, e.g. {@code GET /repos/{owner}/{repo}/issues?state=all}. */
  public String label() {
    return endpoint.routeKey() + (variant == null ? "" : variant);
  }

  /** True when the case exercises one of these AP ids (e.g. {@code AP14}). */
  public boolean matches(List<String> apIds) {
    return patterns.stream().anyMatch(p -> apIds.contains(p.name()));
  }

  /** Runs the unmeasured setup of the next invocation and returns its request. */
  public BenchRequest next(Services services) {
    int i = ++invocations;
    if (initialVersion != null && version == null) {
      version = initialVersion.applyAsLong(services);
    }
    if (before != null) {
      before.accept(services, i);
    }
    BenchRequest r = request.apply(i);
    return version == null ? r : r.header("if-match", "\"" + version + "\"");
  }

  /** Feeds the answer back: a versioned case continues from the version in the ETag. */
  public void observe(int status, String etag) {
    if (initialVersion != null && status / 100 == 2 && etag != null) {
      version = Long.parseLong(etag.replace("\"", "").replace("W/", "").trim());
    }
  }
}

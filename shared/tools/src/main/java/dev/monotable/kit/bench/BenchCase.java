package dev.monotable.kit.bench;

import dev.monotable.kit.catalog.Access;
import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.RequestAllowance;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.http.DomainServices;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
 * A domain declares its cases in {@link BenchDomain#cases()}.
 *
 * @param <S> the domain's services, which the setup steps and versioned reads use
 */
public final class BenchCase<S extends DomainServices> {
  private final Endpoint endpoint;
  private final List<AccessPatternSpec> patterns;
  private final String variant;
  private final IntFunction<BenchRequest> request;
  private final BiConsumer<S, Integer> before;
  private final ToLongFunction<S> initialVersion;
  private int invocations;
  private Long version;

  private BenchCase(Endpoint endpoint, List<AccessPatternSpec> patterns, String variant, IntFunction<BenchRequest> request,
      BiConsumer<S, Integer> before, ToLongFunction<S> initialVersion) {
    this.endpoint = endpoint;
    this.patterns = List.copyOf(patterns);
    this.variant = variant;
    this.request = request;
    this.before = before;
    this.initialVersion = initialVersion;
  }

  /** A case for the domain's route {@code routeKey} covering all of its access patterns. */
  public static <S extends DomainServices> BenchCase<S> route(Domain domain, String routeKey,
      IntFunction<BenchRequest> request) {
    Endpoint e = domain.endpoint(routeKey);
    if (e == null) {
      throw new IllegalArgumentException(domain.name() + " has no route " + routeKey);
    }
    return new BenchCase<>(e, e.patterns(), null, request, null, null);
  }

  /**
   * The case the kit derives for a read it can serve from the declarations alone: a GET of a plain
   * pattern (a get or a list) or the liveness route, its path filled from {@code samples} (values
   * of the demo data), asked by the caller its access admits: the owner its path names, a member of
   * its group, a signed-in user, or no one. Empty for any other route, or one with a parameter
   * {@code samples} lacks: writes consume what they touch, so their fixtures stay the domain's.
   */
  public static <S extends DomainServices> Optional<BenchCase<S>> derived(Endpoint e, Map<String, String> samples) {
    boolean read = e.method().equals("GET") && (e.isPlain() || e.hasRouteKey(Endpoint.HEALTH_ROUTE));
    if (!read || !samples.keySet().containsAll(e.pathParameters()) || (e.access().kind() == Access.Kind.MEMBER
        && !samples.containsKey(e.access().membership().member()))) {
      return Optional.empty();
    }
    BenchRequest caller = switch (e.access().kind()) {
      case OWNER -> BenchRequest.as(samples.get(e.access().name()));
      case GROUP -> BenchRequest.asMemberOf("bench", e.access().name());
      // The sample member's name: the demo data holds that member in the sample group.
      case MEMBER -> BenchRequest.as(samples.get(e.access().membership().member()));
      case ANYONE -> e.auth() == Auth.REQUIRED ? BenchRequest.as("bench") : BenchRequest.anonymous();
    };
    for (String name : e.pathParameters()) {
      caller = caller.path(name, samples.get(name));
    }
    BenchRequest request = caller;
    return Optional.of(new BenchCase<>(e, e.patterns(), null, i -> request, null, null));
  }

  /** The domain's routes without a case among {@code cases} (a complete set has none). */
  public static List<String> uncovered(Domain domain, List<? extends BenchCase<?>> cases) {
    List<String> missing = new ArrayList<>();
    for (Endpoint e : domain.endpoints()) {
      if (cases.stream().noneMatch(c -> c.endpoint().equals(e))) {
        missing.add(e.routeKey());
      }
    }
    return missing;
  }

  /** The same route, narrowed to one of its patterns (a list route's {@code ?state=}). */
  public BenchCase<S> only(AccessPatternSpec pattern, String variantLabel) {
    if (!endpoint.patterns().contains(pattern)) {
      throw new IllegalArgumentException(endpoint.routeKey() + " does not serve " + pattern.name());
    }
    return new BenchCase<>(endpoint, List.of(pattern), variantLabel, request, before, initialVersion);
  }

  /** Unmeasured setup before invocation {@code i} (1-based). */
  public BenchCase<S> before(BiConsumer<S, Integer> step) {
    return new BenchCase<>(endpoint, patterns, variant, request, step, initialVersion);
  }

  /** Sends {@code If-Match}: first the version read by {@code initial}, then each answer's ETag. */
  public BenchCase<S> ifMatch(ToLongFunction<S> initial) {
    return new BenchCase<>(endpoint, patterns, variant, request, before, initial);
  }

  public Endpoint endpoint() {
    return endpoint;
  }

  public List<AccessPatternSpec> patterns() {
    return patterns;
  }

  /** What the contract allows one invocation: the largest allowance of the case's patterns. */
  public RequestAllowance allowance() {
    return RequestAllowance.largest(patterns);
  }

  /** AP ids, e.g. {@code AP24} or {@code AP08}. */
  public String apIds() {
    return patterns.stream().map(AccessPatternSpec::name).collect(Collectors.joining(", "));
  }

  /** Route key plus the variant, e.g. {@code GET /notes/{id}?view=full}. */
  public String label() {
    return endpoint.routeKey() + (variant == null ? "" : variant);
  }

  /** True when the case exercises one of these AP ids (e.g. {@code AP14}). */
  public boolean matches(List<String> apIds) {
    return patterns.stream().anyMatch(p -> apIds.contains(p.name()));
  }

  /** Runs the unmeasured setup of the next invocation and returns its request. */
  public BenchRequest next(S services) {
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

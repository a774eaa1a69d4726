package dev.monotable.kit.suites;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.bench.BenchRequest;
import dev.monotable.kit.catalog.Access;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.testing.ServedDomain;
import dev.monotable.kit.testing.ServedDomain.Reply;
import dev.monotable.kit.tools.DevDomain;
import dev.monotable.kit.tools.DevDomains;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The permission matrix of every route of every registered domain, derived from each route's
 * declared {@link Auth} and {@link Access}: the route's valid sample (its bench case) sent by
 * <ul>
 *   <li>{@code anonymous}: no token. {@link Auth#REQUIRED}: 401 with {@code WWW-Authenticate:
 *       Bearer}; {@link Auth#NONE}: what the sample's caller gets; {@link Auth#OPTIONAL}: no 401.</li>
 *   <li>{@code forged}: the sample's caller in a token signed by another key under the issuer's key
 *       id. 401 wherever a token is read ({@link Auth#OPTIONAL}, {@link Auth#REQUIRED}).</li>
 *   <li>{@code other}: a valid token of another user, in no group. 403 on an owner's or a group's
 *       route.</li>
 *   <li>{@code other member}: another user in every group the domain declares. 403 on an owner's
 *       route; served on a group's route.</li>
 *   <li>{@code caller}: the sample's own caller (the owner, the group's member): 2xx.</li>
 * </ul>
 * Where the declaration leaves the decision to the data ({@link Access#ANYONE}: a role held in an
 * item, a private resource), only the domain's own matrix can say which status is right; here every
 * refusal, expected or not, must leak nothing and write nothing: its body is exactly a JSON error
 * ({@code {"error": {"code", "message"[, "field"]}}}), it carries no {@code ETag} or
 * {@code Location}, the table's items are the same after it, and no answer is a 5xx.
 */
class DomainPermissionsE2ETest {

  private static final List<String> ROLES = List.of("anonymous", "forged", "other", "other member", "caller");
  private static final Set<String> ERROR_MEMBERS = Set.of("code", "message", "field");

  @TestFactory
  Stream<DynamicNode> everyDomain_everyRoute_shouldServeItsDeclaredCallersOnly_andARefusalLeaksAndWritesNothing() {
    List<DynamicNode> nodes = new ArrayList<>();
    for (DevDomain d : DevDomains.all()) {
      Run run = new Run(d);
      List<DynamicNode> tests = new ArrayList<>();
      tests.add(DynamicTest.dynamicTest("serve " + d.id(), run::start));
      for (Endpoint e : d.domain().endpoints()) {
        tests.add(DynamicTest.dynamicTest(e.routeKey(), () -> run.route(e)));
      }
      tests.add(DynamicTest.dynamicTest("figures", run::finish));
      nodes.add(DynamicContainer.dynamicContainer(d.id(), tests.stream()));
    }
    return nodes.stream();
  }

  private static final class Run {
    private final DevDomain d;
    private ServedDomain<?> served;
    private Map<Endpoint, ServedDomain<?>.Sample> samples;
    private int cells;
    private int departed;

    Run(DevDomain d) {
      this.d = d;
    }

    void start() {
      served = ServedDomain.start(d);
      samples = new LinkedHashMap<>(served.samples());
    }

    void finish() {
      System.out.println("permission matrix cells for " + d.id() + ": " + cells + " (" + departed
          + " known departures)");
      if (served != null) {
        served.close();
      }
    }

    void route(Endpoint e) {
      assertTrue(served != null, d.id() + " did not start");
      ServedDomain<?>.Sample sample = samples.get(e);
      assertTrue(sample != null, d.id() + " " + e.routeKey() + ": no bench case gives this route a valid request");
      List<String> failures = new ArrayList<>();
      List<String> departures = new ArrayList<>();
      List<String> observed = new ArrayList<>();
      Access access = e.access();
      for (String role : ROLES) {
        BenchRequest r = sample.next();
        if (role.equals("caller") && access.kind() == Access.Kind.OWNER && (r.caller() == null
            || !r.caller().toLowerCase(Locale.ROOT).equals(r.path().get(access.name()).toLowerCase(Locale.ROOT)))) {
          failures.add("the sample of an owner's route is not sent by its owner {" + access.name() + "}");
        }
        if (role.equals("caller") && access.kind() == Access.Kind.GROUP && !r.groups().contains(access.name())) {
          failures.add("the sample of a group's route is not sent by a member of " + access.name());
        }
        Map<String, String> headers = new LinkedHashMap<>(r.headers());
        String other = "other" + (r.caller() == null ? "" : "-" + r.caller().toLowerCase(Locale.ROOT));
        switch (role) {
          case "anonymous" -> { }
          case "forged" -> headers.put("authorization",
              served.forgedTokens(r.caller() != null ? r.caller() : other).get("another key, same kid"));
          case "other" -> headers.put("authorization", "Bearer " + served.token(other, List.of()));
          case "other member" -> headers.put("authorization", "Bearer " + served.token(other, d.domain().userGroups()));
          default -> {
            if (r.caller() != null) {
              headers.put("authorization", "Bearer " + served.token(r.caller(), r.groups()));
            }
          }
        }
        var before = served.snapshot();
        Reply reply = served.send(e.method(), ServedDomain.path(e.path(), r.path()), r.query(), headers,
            r.body() == null ? null : r.body().getBytes(StandardCharsets.UTF_8));
        cells++;
        observed.add(role + " " + reply.status());
        if (role.equals("caller")) {
          sample.observe(reply);
        }
        List<String> problems = new ArrayList<>();
        Integer expected = expected(e, role);
        if (reply.status() >= 500) {
          problems.add("a 5xx");
        } else if (expected != null && expected == 200 ? reply.status() / 100 != 2
            : expected != null && reply.status() != expected) {
          problems.add("expected " + (expected == 200 ? "2xx" : expected));
        }
        if (role.equals("anonymous") && e.auth() == Auth.OPTIONAL && reply.status() == 401) {
          problems.add("401 to anonymous on an OPTIONAL route");
        }
        if (reply.status() >= 400) {
          String leak = leak(reply);
          if (leak != null) {
            problems.add(leak);
          }
          if (!served.snapshot().equals(before)) {
            problems.add("the refusal wrote");
          }
        }
        for (String p : problems) {
          String name = "perm " + role + ": " + p;
          if (KnownDepartures.find(d.id(), e.routeKey(), name) != null) {
            departures.add(name);
            departed++;
          } else {
            failures.add(name + " <- " + reply);
          }
        }
      }
      for (KnownDepartures fixed : KnownDepartures.unmatched(d.id(), e.routeKey(), departures)) {
        if (fixed.cases().pattern().startsWith("^perm ")) {
          failures.add("known departure no longer departs (fixed: delete it from KnownDepartures): " + fixed.why());
        }
      }
      assertTrue(failures.isEmpty(), d.id() + " " + e.routeKey() + " (" + e.auth() + ", " + access.kind()
          + (access.name() == null ? "" : " " + access.name()) + ") " + observed + ":\n" + String.join("\n", failures));
    }

    /** The status the declaration decides for this role (200 for any 2xx), or null when the data decides. */
    private static Integer expected(Endpoint e, String role) {
      Access a = e.access();
      Integer any = null;
      switch (role) {
        case "anonymous" -> {
          if (e.auth() == Auth.REQUIRED) {
            return 401;
          }
          return e.auth() == Auth.NONE ? Integer.valueOf(200) : any;
        }
        case "forged" -> {
          return e.auth() == Auth.NONE ? 200 : 401;
        }
        case "other" -> {
          return a.kind() == Access.Kind.ANYONE ? any : Integer.valueOf(403);
        }
        case "other member" -> {
          if (a.kind() == Access.Kind.OWNER) {
            return 403;
          }
          return a.kind() == Access.Kind.GROUP ? Integer.valueOf(200) : any;
        }
        default -> {
          return 200;
        }
      }
    }

    /** What a refusal carries beyond a JSON error, or null. */
    private static String leak(Reply r) {
      Map<String, Object> json = r.json();
      if (json == null || !json.keySet().equals(Set.of("error"))) {
        return "a refusal that is not exactly {error: ...}";
      }
      Map<String, Object> error = r.error();
      if (error == null || !ERROR_MEMBERS.containsAll(error.keySet())
          || error.values().stream().anyMatch(v -> v != null && !(v instanceof String))) {
        return "a refusal whose error holds more than code, message and field";
      }
      if (r.header("etag") != null || r.header("location") != null) {
        return "a refusal with an ETag or Location";
      }
      return null;
    }
  }
}

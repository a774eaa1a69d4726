package dev.monotable.kit.suites;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.bench.BenchRequest;
import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.Operation;
import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.kit.testing.FaultProxy;
import dev.monotable.kit.testing.FaultProxy.Fault;
import dev.monotable.kit.testing.ServedDomain;
import dev.monotable.kit.testing.ServedDomain.Reply;
import dev.monotable.kit.tools.DevDomain;
import dev.monotable.kit.tools.DevDomains;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Faults between the handlers and the table on every write route of every registered domain
 * ({@link DevDomains}): the domain served with its handlers' DynamoDB client behind a
 * {@link FaultProxy} (a handler's deadlines: {@link DynamoDbClients#CALL_TIMEOUT} a call), and each
 * write route's valid sample (its bench case) sent once cleanly and then once per fault, every time
 * from the same items (the table put back between them; the domain's stream consumers run to the
 * end of the stream after each). Nothing in it names a domain; the operations faulted are the ones
 * the route's patterns declare ({@code Calls}).
 *
 * <p>Every faulted request must answer within the function's 10 s and never a 5xx other than 503;
 * then:
 * <ul>
 *   <li>{@code throttled once}, {@code 500 once}, {@code dropped once} (the first request of every
 *       operation): retried, the clean run's status, and the clean run's items exactly.</li>
 *   <li>{@code conflict on Op} (a transaction conflict, DynamoDB's answer while another transaction
 *       holds the item), {@code lost answer of Op} (the write applied, its answer dropped), for each
 *       write operation the route declares: the clean run's status and items, or a 503 with
 *       {@code Retry-After} having written nothing beyond the clean run; never twice.</li>
 *   <li>{@code throttled throughout}, {@code 500 throughout}, {@code no connection}: 503 with
 *       {@code Retry-After} within the call deadline plus 2 s, nothing written.</li>
 * </ul>
 * Known departures ({@link KnownDepartures}, names {@code fault ...}) are counted, not failed.
 */
class DomainFaultsE2ETest {
  private static final long FUNCTION_TIMEOUT_MS = 10_000;

  @TestFactory
  Stream<DynamicNode> everyDomain_everyWriteRoute_shouldRetryOrAnswer503_andNeverWriteTwice() {
    List<DynamicNode> nodes = new ArrayList<>();
    for (DevDomain d : DevDomains.all()) {
      Run run = new Run(d);
      List<DynamicNode> tests = new ArrayList<>();
      tests.add(DynamicTest.dynamicTest("serve " + d.id(), run::start));
      for (Endpoint e : DomainRacesE2ETest.writeRoutes(d)) {
        tests.add(DynamicTest.dynamicTest(e.routeKey(), () -> run.route(e, false)));
      }
      // Last: spent retries also spend the SDK's retry quota (a token bucket per client, refilled by
      // successes), after which a client answers a single 500 at once, as a Lambda container would.
      for (Endpoint e : DomainRacesE2ETest.writeRoutes(d)) {
        tests.add(DynamicTest.dynamicTest(e.routeKey() + " retries spent", () -> run.route(e, true)));
      }
      tests.add(DynamicTest.dynamicTest("figures", run::finish));
      nodes.add(DynamicContainer.dynamicContainer(d.id(), tests.stream()));
    }
    return nodes.stream();
  }

  /** What a fault case allows. */
  private enum Expect { RETRIED, RETRIED_OR_503, REFUSED_503 }

  private record Case(String name, FaultProxy.Rule rule, Expect expect) {}

  private static final class Run {
    private final DevDomain d;
    private ServedDomain<?> served;
    private Map<Endpoint, ServedDomain<?>.Sample> samples;
    private int routes;
    private int cases;
    private int departed;
    private final Set<KnownDepartures> allDeparted = new java.util.HashSet<>();

    Run(DevDomain d) {
      this.d = d;
    }

    void start() {
      served = ServedDomain.start(d, new ServedDomain.Options(true, true));
      samples = new LinkedHashMap<>(served.samples());
    }

    void finish() {
      System.out.println("fault cases for " + d.id() + ": " + cases + " on " + routes + " write routes ("
          + departed + " known departures)");
      if (served != null) {
        served.close();
      }
      List<String> fixed = KnownDepartures.ALL.stream().filter(k -> k.domain().equals(d.id()) && k.route().equals("*")
          && k.suite().equals("fault") && !allDeparted.contains(k)).map(KnownDepartures::why).toList();
      assertTrue(fixed.isEmpty(), "known departures no longer depart (fixed: delete them from KnownDepartures): "
          + fixed);
    }

    void route(Endpoint e, boolean spent) {
      assertTrue(served != null, d.id() + " did not start");
      ServedDomain<?>.Sample sample = samples.get(e);
      assertTrue(sample != null, d.id() + " " + e.routeKey() + ": no bench case gives this route a valid request");
      if (!spent) {
        routes++;
      }
      FaultProxy proxy = served.faults();
      proxy.rule((op, n) -> Fault.PASS, 0);
      BenchRequest r = sample.next();
      served.settle();
      var start = served.snapshot();
      Reply clean = served.send(e.method(), e.path(), r);
      served.settle();
      TableDelta cleanDelta = TableDelta.of(start, served.snapshot());
      served.restore(start);
      assertTrue(clean.status() / 100 == 2, d.id() + " " + e.routeKey() + ": the sample answers " + clean);

      List<String> failures = new ArrayList<>();
      List<String> departures = new ArrayList<>();
      List<String> observed = new ArrayList<>();
      for (Case c : spent ? spent() : once(e)) {
        proxy.rule(c.rule(), 0);
        long t0 = System.nanoTime();
        Reply a = served.send(e.method(), e.path(), r);
        long millis = (System.nanoTime() - t0) / 1_000_000;
        if (c.expect() == Expect.REFUSED_503) {
          // The handler's SDK may still be sending an attempt it gave up on at the deadline: it must
          // meet the fault too, not a healed proxy that would apply it after the answer.
          sleep(1_000);
        }
        proxy.rule((op, n) -> Fault.PASS, 0);
        var dead = served.settle();
        TableDelta delta = TableDelta.of(start, served.snapshot());
        served.restore(start);
        cases++;
        observed.add(c.name() + " " + a.status());
        String problem = check(c, a, millis, clean, cleanDelta, delta);
        if (problem == null && !dead.isEmpty()) {
          problem = dead.size() + " stream batches given up";
        }
        if (problem != null) {
          String name = "fault " + c.name();
          KnownDepartures known = KnownDepartures.find(d.id(), e.routeKey(), name);
          if (known != null) {
            allDeparted.add(known);
            departures.add(name);
            departed++;
          } else {
            failures.add(name + ": " + problem + " <- " + a + " in " + millis + " ms");
          }
        }
      }
      for (KnownDepartures fixed : KnownDepartures.unmatched(d.id(), e.routeKey(), departures)) {
        if (fixed.suite().equals("fault") && !spent) {
          failures.add("known departure no longer departs (fixed: delete it from KnownDepartures): " + fixed.why());
        }
      }
      assertTrue(failures.isEmpty(), d.id() + " " + e.routeKey() + " clean " + clean.status() + ", " + observed
          + ":\n" + String.join("\n", failures));
    }

    /** The faults of a route that a retry overcomes: once on every operation, and per declared write operation. */
    private static List<Case> once(Endpoint e) {
      Set<String> writes = new LinkedHashSet<>();
      for (AccessPatternSpec p : e.patterns()) {
        for (Operation o : p.calls().all()) {
          if (!o.read()) {
            writes.add(o.apiName());
          }
        }
      }
      List<Case> out = new ArrayList<>();
      out.add(new Case("throttled once", (op, n) -> n == 1 ? Fault.THROTTLE : Fault.PASS, Expect.RETRIED));
      out.add(new Case("500 once", (op, n) -> n == 1 ? Fault.ERROR_500 : Fault.PASS, Expect.RETRIED));
      out.add(new Case("dropped once", (op, n) -> n == 1 ? Fault.DROP_BEFORE : Fault.PASS, Expect.RETRIED));
      for (String w : writes) {
        out.add(new Case("conflict on " + w, (op, n) -> op.equals(w) && n == 1 ? Fault.CONFLICT : Fault.PASS,
            Expect.RETRIED_OR_503));
        out.add(new Case("lost answer of " + w, (op, n) -> op.equals(w) && n == 1 ? Fault.DROP_AFTER : Fault.PASS,
            Expect.RETRIED_OR_503));
      }
      return out;
    }

    /** The faults no retry overcomes: on every request. */
    private static List<Case> spent() {
      return List.of(new Case("throttled throughout", (op, n) -> Fault.THROTTLE, Expect.REFUSED_503),
          new Case("500 throughout", (op, n) -> Fault.ERROR_500, Expect.REFUSED_503),
          new Case("no connection", (op, n) -> Fault.DROP_BEFORE, Expect.REFUSED_503));
    }

    private static void sleep(long millis) {
      try {
        Thread.sleep(millis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }

    /** What is wrong with a faulted answer and what it wrote, or null. */
    private static String check(Case c, Reply a, long millis, Reply clean, TableDelta cleanDelta, TableDelta delta) {
      if (millis > FUNCTION_TIMEOUT_MS) {
        return "answered after the function's timeout";
      }
      boolean served = a.status() == clean.status();
      boolean refused = a.status() == 503;
      if (refused && a.header("retry-after") == null) {
        return "a 503 without Retry-After";
      }
      switch (c.expect()) {
        case RETRIED -> {
          if (!served) {
            return "not retried: " + a.status() + " where the clean run answers " + clean.status();
          }
        }
        case RETRIED_OR_503 -> {
          if (!served && !refused) {
            return "neither the clean run's " + clean.status() + " nor 503";
          }
        }
        case REFUSED_503 -> {
          if (!refused) {
            return "not a 503 once retries are spent";
          }
          if (millis > DynamoDbClients.CALL_TIMEOUT.toMillis() + 2_000) {
            return "503 after the call deadline";
          }
          if (!delta.isEmpty()) {
            return "wrote while refused: " + delta;
          }
          return null;
        }
      }
      if (served && !delta.sameAs(cleanDelta)) {
        return "wrote other than the clean run (twice?): " + delta + "\n  clean: " + cleanDelta;
      }
      if (refused && !delta.within(cleanDelta)) {
        return "wrote beyond the clean run while refused: " + delta + "\n  clean: " + cleanDelta;
      }
      return null;
    }
  }
}

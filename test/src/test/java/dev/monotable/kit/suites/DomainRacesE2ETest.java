package dev.monotable.kit.suites;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.bench.BenchRequest;
import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.docs.ApiShape;
import dev.monotable.kit.testing.ServedDomain;
import dev.monotable.kit.testing.ServedDomain.Reply;
import dev.monotable.kit.tools.DevDomain;
import dev.monotable.kit.tools.DevDomains;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Races on every write route of every registered domain ({@link DevDomains}): a route whose access
 * patterns may write ({@code Calls} not read-only: PutItem, UpdateItem, DeleteItem, BatchWriteItem,
 * TransactWriteItems) gets its valid sample (its bench case) sent {@value #N} times at once, from
 * the same items as the same request sent once and sent {@value #N} times one after another (the
 * table put back between the runs; the domain's stream consumers run to the end of the stream after
 * each, so what they keep, counts and copies, is compared too). Nothing in it names a domain.
 *
 * <p>What each run must do, from the declarations:
 * <ul>
 *   <li>No answer is a 5xx, no stream batch is given up.</li>
 *   <li>The request alone succeeds (2xx).</li>
 *   <li>The route honours {@code If-Match} (the docs facet's {@link ApiShape#ifMatch()}) and the
 *       sample sends it: one answer 2xx, every other 412, in both runs of {@value #N}.</li>
 *   <li>Otherwise a repeat, one after another, answers one status: 2xx (an idempotent write, or a
 *       create of a new item each time), 409 (a create of one key), or 404 for a DELETE (gone).</li>
 *   <li>PUT and DELETE are idempotent, and so is a write whose repeat is refused: {@value #N} in a
 *       row change the items exactly as one does. A POST whose repeats succeed creates once or
 *       {@value #N} times: its items and the numbers it moves (counters) are one or {@value #N}
 *       times those of one request.</li>
 *   <li>At once as one after another: the same statuses (as a multiset) and the same items added,
 *       removed and changed ({@link TableDelta}: timestamps, ULIDs and TTLs masked), so a counter
 *       kept by a transaction or by a stream consumer is exact, and a create of one key wrote it once.</li>
 * </ul>
 * What a repeat answers (409 or 2xx) is not declared; the serial run, the behaviour each domain's
 * own tests pin, says it, and the race must agree with it. Known departures ({@link KnownDepartures},
 * names {@code race ...}) are counted, not failed.
 */
class DomainRacesE2ETest {
  /** Requests at once: the local API and the engine take them together (2 cores here). */
  static final int N = 8;

  @TestFactory
  Stream<DynamicNode> everyDomain_everyWriteRoute_shouldAnswerARaceAsOneAfterAnother_andWriteOnce() {
    List<DynamicNode> nodes = new ArrayList<>();
    for (DevDomain d : DevDomains.all()) {
      Run run = new Run(d);
      List<DynamicNode> tests = new ArrayList<>();
      tests.add(DynamicTest.dynamicTest("serve " + d.id(), run::start));
      for (Endpoint e : writeRoutes(d)) {
        tests.add(DynamicTest.dynamicTest(e.routeKey(), () -> run.route(e)));
      }
      tests.add(DynamicTest.dynamicTest("figures", run::finish));
      nodes.add(DynamicContainer.dynamicContainer(d.id(), tests.stream()));
    }
    return nodes.stream();
  }

  /** The routes of a domain with a pattern that may write. */
  static List<Endpoint> writeRoutes(DevDomain d) {
    return d.domain().endpoints().stream()
        .filter(e -> e.patterns().stream().map(AccessPatternSpec::calls).anyMatch(c -> !c.readOnly()))
        .toList();
  }

  private static final class Run {
    private final DevDomain d;
    private ServedDomain<?> served;
    private Map<Endpoint, ServedDomain<?>.Sample> samples;
    private int routes;
    private int requests;
    private int departed;

    Run(DevDomain d) {
      this.d = d;
    }

    void start() {
      served = ServedDomain.start(d, new ServedDomain.Options(true, false));
      samples = new LinkedHashMap<>(served.samples());
    }

    void finish() {
      System.out.println("races for " + d.id() + ": " + routes + " write routes, " + requests + " requests, "
          + N + " at once (" + departed + " known departures)");
      if (served != null) {
        served.close();
      }
    }

    void route(Endpoint e) throws Exception {
      assertTrue(served != null, d.id() + " did not start");
      ServedDomain<?>.Sample sample = samples.get(e);
      assertTrue(sample != null, d.id() + " " + e.routeKey() + ": no bench case gives this route a valid request");
      routes++;
      ApiShape shape = d.docs().shapeOf(e);
      BenchRequest r = sample.next();
      List<String> problems = new ArrayList<>();
      List<String> failures = new ArrayList<>();
      checkDeadLetters(problems);
      var start = served.snapshot();

      // once
      Reply once = send(e, r);
      checkDeadLetters(problems);
      TableDelta one = TableDelta.of(start, served.snapshot());
      served.restore(start);
      if (once.status() / 100 != 2) {
        failures.add("the sample alone answers " + once + " (bench case of " + e.routeKey() + ")");
        assertTrue(false, String.join("\n", failures));
      }

      // one after another
      List<Reply> serial = new ArrayList<>();
      for (int i = 0; i < N; i++) {
        serial.add(send(e, r));
      }
      checkDeadLetters(problems);
      TableDelta inRow = TableDelta.of(start, served.snapshot());
      served.restore(start);

      // at once
      List<Reply> race = atOnce(e, r);
      checkDeadLetters(problems);
      TableDelta atOnce = TableDelta.of(start, served.snapshot());
      race.stream().filter(x -> x.status() / 100 == 2).findFirst().ifPresent(sample::observe);

      boolean versioned = shape.ifMatch() && r.headers().containsKey("if-match");
      List<Integer> serialStatuses = serial.stream().map(Reply::status).toList();
      List<Integer> raceStatuses = race.stream().map(Reply::status).sorted().toList();
      if (serial.stream().anyMatch(x -> x.status() >= 500) || race.stream().anyMatch(x -> x.status() >= 500)) {
        problems.add("race 5xx: a 5xx answer");
      }
      if (versioned) {
        for (var run : Map.of("in a row", serialStatuses, "at once", raceStatuses).entrySet()) {
          long wins = run.getValue().stream().filter(s -> s / 100 == 2).count();
          long stale = run.getValue().stream().filter(s -> s == 412).count();
          if (wins != 1 || stale != N - 1) {
            problems.add("race if-match: " + run.getKey() + " " + histogram(run.getValue())
                + ", not one 2xx and " + (N - 1) + " 412");
          }
        }
      } else {
        List<Integer> repeats = serialStatuses.subList(1, N);
        int repeat = repeats.get(0);
        boolean uniform = repeats.stream().allMatch(s -> s == repeat);
        boolean allowed = repeat / 100 == 2 || repeat == 409 || repeat == 404 && e.method().equals("DELETE");
        if (serialStatuses.get(0) / 100 != 2 || !uniform || !allowed) {
          problems.add("race repeat: in a row " + serialStatuses + ", not 2xx then one of 2xx, 409"
              + (e.method().equals("DELETE") ? ", 404" : ""));
        }
      }
      boolean idempotent = e.method().equals("PUT") || e.method().equals("DELETE") || versioned
          || serialStatuses.subList(1, N).stream().noneMatch(s -> s / 100 == 2);
      if (idempotent) {
        if (!inRow.sameAs(one)) {
          problems.add("race idempotent: " + N + " in a row changed " + inRow + "\n  one changed " + one);
        }
      } else if (!inRow.sameAs(one) && inRow.timesProblem(N, one) != null) {
        problems.add("race creates: " + N + " in a row are neither one nor " + N + " times one: "
            + inRow.timesProblem(N, one) + "\n  in a row " + inRow + "\n  one " + one);
      }
      List<Integer> serialSorted = serialStatuses.stream().sorted().toList();
      if (!raceStatuses.equals(serialSorted)) {
        problems.add("race statuses: at once " + histogram(raceStatuses) + ", in a row " + histogram(serialSorted)
            + " " + race.stream().filter(x -> !serialSorted.contains(x.status())).findFirst().map(Reply::toString)
                .orElse(""));
      }
      if (!atOnce.sameAs(inRow)) {
        problems.add("race effect: at once changed " + atOnce + "\n  in a row changed " + inRow);
      }

      List<String> departures = new ArrayList<>();
      for (String p : problems) {
        String name = p.substring(0, p.indexOf(':'));
        if (KnownDepartures.find(d.id(), e.routeKey(), name) != null) {
          departures.add(name);
          departed++;
        } else {
          failures.add(p);
        }
      }
      for (KnownDepartures fixed : KnownDepartures.unmatched(d.id(), e.routeKey(), departures)) {
        if (fixed.suite().equals("race")) {
          failures.add("known departure no longer departs (fixed: delete it from KnownDepartures): " + fixed.why());
        }
      }
      assertTrue(failures.isEmpty(), d.id() + " " + e.routeKey() + " once " + once.status() + ", in a row "
          + serialStatuses + ", at once " + histogram(raceStatuses) + ":\n" + String.join("\n", failures));
    }

    private Reply send(Endpoint e, BenchRequest r) {
      requests++;
      return served.send(e.method(), e.path(), r);
    }

    private List<Reply> atOnce(Endpoint e, BenchRequest r) throws Exception {
      ExecutorService pool = Executors.newFixedThreadPool(N);
      try {
        CountDownLatch ready = new CountDownLatch(N);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Reply>> futures = new ArrayList<>();
        for (int i = 0; i < N; i++) {
          futures.add(pool.submit(() -> {
            ready.countDown();
            go.await();
            return served.send(e.method(), e.path(), r);
          }));
        }
        ready.await();
        go.countDown();
        List<Reply> out = new ArrayList<>();
        for (Future<Reply> f : futures) {
          out.add(f.get());
        }
        requests += N;
        return out;
      } finally {
        pool.shutdownNow();
      }
    }

    private void checkDeadLetters(List<String> problems) {
      var dead = served.settle();
      if (!dead.isEmpty()) {
        problems.add("race stream: " + dead.size() + " stream batches given up: " + dead);
      }
    }

    private static Map<Integer, Long> histogram(List<Integer> statuses) {
      Map<Integer, Long> h = new TreeMap<>();
      statuses.forEach(s -> h.merge(s, 1L, Long::sum));
      return h;
    }
  }
}

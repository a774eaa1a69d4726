package dev.monotable.shop.tools;

import dev.monotable.kit.bench.Capacity;
import dev.monotable.kit.bench.CapacityMeter;
import dev.monotable.kit.bench.RequestRecorder;
import dev.monotable.kit.bench.Stats;
import dev.monotable.kit.cli.Args;
import dev.monotable.kit.cli.OpsMain;
import dev.monotable.kit.cli.UsageException;
import dev.monotable.kit.data.CursorCodec;
import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.ops.ReadPattern;
import dev.monotable.shop.functions.ShopServices;
import dev.monotable.kit.ops.OpsEnvironment;
import dev.monotable.kit.local.DomainTables;
import java.net.URI;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@code scripts/shop-load}: Shop's read patterns on a table seeded with {@code scripts/seed --domain
 * shop --scale N}, first at rest, then while orders are checked out at a target rate (each one a
 * cart UpdateItem, two BatchGetItems and one TransactWriteItems, as the checkout route makes them).
 * Per read pattern: requests per call, read units per call (the ConsumedCapacity the endpoint
 * answers), on-demand cost per million calls, p50 and p99. Reads and checkouts go through the
 * data-access layer (no HTTP, no Lambda), so the figures are the table's, not a route's.
 */
public final class ShopLoad {

  static final String USAGE = """
      usage: scripts/shop-load --items N [--seed S] [--rate ORDERS_PER_S] [--seconds T] [--read-rate READS_PER_S]
                               [--rest-reads N] [--writers N]

      Shop's read patterns S05 S06 S11 S12 S16 S18 on a table seeded with scripts/seed --domain shop --scale N:
      requests, read units, on-demand cost per million calls and p50/p99, first at rest, then while orders
      are checked out at --rate per second (cart UpdateItem, two BatchGetItems, one TransactWriteItems each)
      through the data-access layer. On the local engine the latencies are the engine's, not DynamoDB's.

        --items N        the --scale N the table was seeded with (its products and customers follow from it)
        --seed S         the --seed it was seeded with (default 1)
        --rate R         orders checked out per second while reading (default 100; 0: no ingest)
        --seconds T      how long the ingest runs (default 30)
        --read-rate R    reads per second during the ingest, round robin over the patterns (default 50)
        --rest-reads N   reads per pattern at rest, before the ingest (default 100)
        --writers N      threads checking out (default 8): the schedule is fixed, a late order is timed
                         from when it was due

      Environment: DYNAMODB_ENDPOINT (default http://127.0.0.1:8000), TABLE_NAME (default monotable-local),
      AWS_REGION.
      Exit status: 0 every read was one request and no checkout failed, 1 otherwise, 2 bad usage.""";

  static final List<String> PATTERNS = List.of("S05", "S06", "S11", "S12", "S16", "S18");

  record Options(int items, long seed, int rate, int seconds, int readRate, int restReads, int writers) {}

  /** One placed order: S11 and S12 read the ingest's own orders. */
  record Placed(String username, String order) {}

  /** What one pattern did: latencies, requests and read units of its calls. */
  static final class Tally {
    final List<Long> nanos = new ArrayList<>();
    int requests;
    double readUnits;
    int empty;

    void add(long n, int calls, double units, boolean noItems) {
      nanos.add(n);
      requests += calls;
      readUnits += units;
      empty += noItems ? 1 : 0;
    }

    Stats stats() {
      return Stats.of(nanos.stream().mapToLong(Long::longValue).toArray());
    }

    String row(String ap) {
      Stats s = stats();
      int n = nanos.size();
      double units = readUnits / Math.max(1, n);
      return String.format(Locale.ROOT, "| %s | %d | %.2f | %.1f | $%.3f | %s | %s | %d |", ap, n,
          (double) requests / Math.max(1, n), units, new Capacity.Units(units, 0, 0).usdPerMillionCalls(),
          Stats.fmt(s.p50()), Stats.fmt(s.p99()), empty);
    }
  }

  private ShopLoad() {}

  public static void main(String[] args) {
    OpsMain.exec(USAGE, args, () -> {
      Options o = parse(args);
      // The tools' environment: DYNAMODB_ENDPOINT ("aws" for AWS), TABLE_NAME (default: the table
      // scripts/seed --domain shop writes), AWS_REGION.
      OpsEnvironment env = OpsEnvironment.fromEnvironment(DomainTables.localName("shop"));
      URI endpoint = env.endpoint();
      String tableName = env.table();
      String region = env.region();
      byte[] secret = new byte[32];
      new SecureRandom().nextBytes(secret);
      RequestRecorder recorder = new RequestRecorder();
      CapacityMeter meter = new CapacityMeter();
      try (DynamoDbClient reads = DynamoDbClients.create(endpoint, region, recorder, meter);
          DynamoDbClient writes = DynamoDbClients.create(endpoint, region)) {
        TableGateway readTable = new TableGateway(reads, tableName, new CursorCodec(secret), Clock.systemUTC());
        ShopServices shop = new ShopServices(new TableGateway(writes, tableName, new CursorCodec(secret),
            Clock.systemUTC()), null);
        return run(o, readTable, recorder, meter, shop) ? 0 : 1;
      }
    });
  }

  static Options parse(String... args) {
    Args a = Args.parse(args, Set.of(), Set.of("--items", "--seed", "--rate", "--seconds", "--read-rate",
        "--rest-reads", "--writers"));
    if (!a.positional().isEmpty()) {
      throw new UsageException("unexpected argument " + a.positional().get(0));
    }
    if (a.option("--items") == null) {
      throw new UsageException("--items N is required: the --scale N the table was seeded with");
    }
    return new Options(a.intOption("--items", 0, ShopScaleData.MIN_ITEMS, Integer.MAX_VALUE),
        a.intOption("--seed", 1, 0, Integer.MAX_VALUE), a.intOption("--rate", 100, 0, 10_000),
        a.intOption("--seconds", 30, 1, 3600), a.intOption("--read-rate", 50, 1, 10_000),
        a.intOption("--rest-reads", 100, 1, 100_000), a.intOption("--writers", 8, 1, 256));
  }

  /** True when every read was one request and no checkout failed. */
  static boolean run(Options o, TableGateway table, RequestRecorder recorder, CapacityMeter meter,
      ShopServices shop) {
    int products = ShopScaleData.products(o.items());
    int customers = (products + ShopScaleData.PRODUCTS_PER_CUSTOMER - 1) / ShopScaleData.PRODUCTS_PER_CUSTOMER;
    Map<String, ReadPattern> reads = new LinkedHashMap<>();
    new ShopDev().ops().readPatterns().stream().filter(r -> PATTERNS.contains(r.ap().name()))
        .forEach(r -> reads.put(r.ap().name(), r));
    Random random = new Random(o.seed());
    List<Placed> placed = new CopyOnWriteArrayList<>();
    placed.add(new Placed("bob", ShopDev.demoOrder()));
    System.out.printf(Locale.ROOT, "table %s: %d scale items, %d products, %d customers (seed %d)%n",
        table.tableName(), o.items(), products, customers, o.seed());

    Map<String, Tally> rest = new LinkedHashMap<>();
    for (int i = 0; i < 20; i++) { // warm-up: the JIT and the connections, not measured
      for (String ap : PATTERNS) {
        read(reads.get(ap), table, recorder, meter, params(ap, o.seed(), products, random, placed), new Tally());
      }
    }
    for (int i = 0; i < o.restReads(); i++) {
      for (String ap : PATTERNS) {
        read(reads.get(ap), table, recorder, meter, params(ap, o.seed(), products, random, placed),
            rest.computeIfAbsent(ap, k -> new Tally()));
      }
    }
    System.out.println("\nat rest: " + o.restReads() + " reads per pattern, one after another");
    print(rest);
    if (o.rate() <= 0) {
      return oneRequestEach(rest);
    }

    // The ingest: order k is due at start + k / rate; a writer that takes it late times it from when it was due.
    ExecutorService writers = Executors.newFixedThreadPool(o.writers());
    List<Long> checkout = new CopyOnWriteArrayList<>();
    AtomicInteger failed = new AtomicInteger();
    int orders = o.rate() * o.seconds();
    long start = System.nanoTime() + 200_000_000L;
    Thread dispatcher = new Thread(() -> {
      for (int k = 0; k < orders; k++) {
        long due = start + (long) (k * 1e9 / o.rate());
        sleepUntil(due);
        String username = ShopScaleData.customer(o.seed(), k % customers);
        String product = ShopScaleData.product(o.seed(), (int) ((k * 7919L) % products));
        writers.submit(() -> {
          try {
            shop.carts().put(username, product, 1);
            placed.add(new Placed(username, (String) shop.orders().checkout(username, null).get("order")));
            checkout.add(System.nanoTime() - due);
          } catch (RuntimeException e) {
            if (failed.getAndIncrement() < 3) {
              System.err.println("checkout failed: " + e);
            }
          }
        });
      }
    });
    dispatcher.start();
    Map<String, Tally> loaded = new LinkedHashMap<>();
    long readsDue = (long) o.readRate() * o.seconds();
    for (long r = 0; r < readsDue; r++) {
      sleepUntil(start + (long) (r * 1e9 / o.readRate()));
      String ap = PATTERNS.get((int) (r % PATTERNS.size()));
      read(reads.get(ap), table, recorder, meter, params(ap, o.seed(), products, random, placed),
          loaded.computeIfAbsent(ap, k -> new Tally()));
    }
    try {
      dispatcher.join();
      writers.shutdown();
      writers.awaitTermination(10, TimeUnit.MINUTES);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    double elapsed = (System.nanoTime() - start) / 1e9;
    Stats c = Stats.of(checkout.stream().mapToLong(Long::longValue).toArray());
    System.out.printf(Locale.ROOT, "%nduring the ingest: %d orders due at %d/s over %d s; %d placed in %.1f s "
            + "(%.1f orders/s), %d failed; checkout (cart put + checkout) p50 %s ms, p99 %s ms%n", orders, o.rate(),
        o.seconds(), checkout.size(), elapsed, checkout.size() / elapsed, failed.get(), Stats.fmt(c.p50()),
        Stats.fmt(c.p99()));
    System.out.printf(Locale.ROOT, "reads: %d/s due, round robin%n", o.readRate());
    print(loaded);
    boolean held = loaded.values().stream().allMatch(t -> t.stats().p99() < 50);
    System.out.println("p99 of every read under 50 ms during the ingest: " + (held ? "yes" : "no")
        + " (this endpoint's figure; the local engine's is not DynamoDB's)");
    return failed.get() == 0 && oneRequestEach(rest) && oneRequestEach(loaded);
  }

  private static boolean oneRequestEach(Map<String, Tally> tallies) {
    return tallies.values().stream().allMatch(t -> t.requests == t.nanos.size());
  }

  /** A key of this pattern: a random scale product, its category or one of its tokens, or an order placed so far. */
  static List<String> params(String ap, long seed, int products, Random random, List<Placed> placed) {
    int i = random.nextInt(products);
    Placed p = placed.get(placed.size() - 1 - random.nextInt(Math.min(placed.size(), 50)));
    return switch (ap) {
      case "S05" -> List.of(ShopScaleData.product(seed, i));
      case "S06" -> List.of(ShopScaleData.category(seed, i));
      case "S11" -> List.of(p.order());
      case "S12" -> List.of(p.username());
      case "S16" -> List.of(ShopScaleData.name(i).split(" ")[i % 2]); // product i's adjective or noun
      case "S18" -> List.of(ShopDev.demoProduct(0)); // the demo review's product: scale products have none
      default -> throw new IllegalArgumentException(ap);
    };
  }

  private static void read(ReadPattern read, TableGateway table, RequestRecorder recorder, CapacityMeter meter,
      List<String> params, Tally tally) {
    recorder.reset();
    meter.start();
    long t0 = System.nanoTime();
    boolean noItems = read.run(table, null, params, PageRequest.first(PageRequest.DEFAULT_LIMIT)).items().isEmpty();
    long took = System.nanoTime() - t0;
    tally.add(took, recorder.calls().count(), meter.stop().read(), noItems);
  }

  private static void print(Map<String, Tally> tallies) {
    System.out.println("| AP | calls | requests/call | read units/call | $ per million calls | p50 ms | p99 ms | empty |");
    System.out.println("|---|---|---|---|---|---|---|---|");
    tallies.forEach((ap, t) -> System.out.println(t.row(ap)));
  }

  private static void sleepUntil(long nanoTime) {
    long wait = nanoTime - System.nanoTime();
    if (wait > 0) {
      try {
        TimeUnit.NANOSECONDS.sleep(wait);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}

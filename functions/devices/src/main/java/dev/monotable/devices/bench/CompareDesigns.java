package dev.monotable.devices.bench;

import dev.monotable.devices.EntityFirstTables;
import dev.monotable.devices.Devices;
import dev.monotable.devices.bench.DesignsDataset.DeviceData;
import dev.monotable.devices.model.Device;
import dev.monotable.kit.bench.Capacity;
import dev.monotable.kit.bench.CapacityMeter;
import dev.monotable.kit.bench.ItemSize;
import dev.monotable.kit.bench.RequestRecorder;
import dev.monotable.kit.data.CursorCodec;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.migrate.tool.DesignPatterns;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.ops.BatchWrites;
import java.io.PrintStream;
import java.net.URI;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.function.Consumer;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;

/**
 * Seed 002's before/after table, measured: the same {@link DesignsDataset} loaded into the seed's
 * entity-first design ({@link EntityFirstDevices}: three tables, six GSIs) and into the Devices
 * single-table design (the domain's table and its data-access classes), every {@link SeedPattern}
 * run on both with the same random arguments, and per pattern and side: the DynamoDB requests,
 * the items they read, the capacity units by DynamoDB's rules ({@link CapacityMeter}), latency
 * p50/p99 and the monthly cost at the pattern's frequency. Both sides must give the same answer
 * ({@link Views}) to every metered call: that is what makes the comparison fair.
 *
 * <p>Each iteration makes one metered call per side (requests, items read, capacity, answer) and
 * one timed call per side (latency; the meter's own reads would inflate it), alternating which side
 * goes first. Reads time the metered arguments again; writes draw fresh ones. Deletions run last,
 * on devices no other pattern draws afterwards.
 */
public final class CompareDesigns {

  /** What one run does. */
  public record Options(int users, int iterations, int seedDashboardRuns, int scanRuns, long seed) {}

  /** One side's figures for one pattern; {@code operations} are the first metered call's. */
  public static final class Tally {
    String operations;
    int minRequests = Integer.MAX_VALUE;
    int maxRequests;
    long requests;
    long itemsRead;
    double read;
    double write;
    int metered;
    final List<Long> nanos = new ArrayList<>();

    void add(Sample s) {
      if (operations == null) {
        operations = summarize(s.calls().operations());
      }
      int n = s.calls().count();
      minRequests = Math.min(minRequests, n);
      maxRequests = Math.max(maxRequests, n);
      requests += n;
      itemsRead += s.itemsRead();
      read += s.units().read();
      write += s.units().write();
      metered++;
    }

    public double requestsPerCall() {
      return metered == 0 ? 0 : (double) requests / metered;
    }

    public int minRequests() {
      return minRequests;
    }

    public int maxRequests() {
      return maxRequests;
    }

    public String operations() {
      return operations;
    }

    public double itemsReadPerCall() {
      return metered == 0 ? 0 : (double) itemsRead / metered;
    }

    public Capacity.Units unitsPerCall() {
      return metered == 0 ? Capacity.Units.ZERO : new Capacity.Units(read / metered, write / metered, 0);
    }

    public dev.monotable.kit.bench.Stats latency() {
      return dev.monotable.kit.bench.Stats.of(nanos.stream().mapToLong(Long::longValue).toArray());
    }

    /** On-demand dollars a month at the pattern's frequency. */
    public double usdPerMonth(SeedPattern p) {
      return p.perMonth() * unitsPerCall().usdPerMillionCalls() / 1e6;
    }
  }

  /** One pattern's row: both sides, and how many metered answers agreed. */
  public record Row(SeedPattern pattern, Tally peer, Tally single, int compared, int agreed, String firstDifference) {
    /** False when the domain does not serve the pattern yet. */
    public boolean landed() {
      return single != null;
    }
  }

  /** A run's result: the rows and what the report says of the setup. */
  public record Result(Options options, DesignsDataset dataset, List<Row> rows, Storage peerStorage,
      Storage singleStorage, String singleTable, URI endpoint, double loadSeconds) {

    public Row row(SeedPattern p) {
      return rows.stream().filter(r -> r.pattern() == p).findFirst().orElseThrow();
    }
  }

  /** Bytes billed for storage: items in the tables and entries in the indexes, 100 bytes overhead each. */
  public record Storage(long tableBytes, long indexBytes, long items, long indexEntries) {
    public double gb() {
      return (tableBytes + indexBytes) / (1024.0 * 1024 * 1024);
    }

    public double usdPerMonth() {
      return gb() * Capacity.USD_PER_GB_MONTH;
    }
  }

  record Sample(Object answer, RequestRecorder.Calls calls, long itemsRead, Capacity.Units units, long nanos) {}

  /** The report of a run, in Markdown (docs/devices/before-after.md). */
  public static String markdown(Result r) {
    return BeforeAfterReport.markdown(r);
  }

  /** The arguments of one call, the same for both sides. */
  record Draw(DeviceData device, int user, String status, String type, String newDevice, String newKind) {}

  private final DynamoDbClient client;
  private final RequestRecorder recorder = new RequestRecorder();
  private final ItemsRead itemsRead = new ItemsRead();
  private final CapacityMeter meter;
  private final EntityFirstDevices peer;
  private final SingleTableSide single;
  /** The read patterns, shared with {@code scripts/migrate verify}. */
  private final DevicesPatterns reads;
  private final DesignsDataset data;
  private final String from;
  private final String to;
  private final String sinceWeek;
  private final String sinceMonth;
  private final String dashboardSince;
  private final List<Integer> live = new ArrayList<>();
  private final Random random;
  private int added;

  private CompareDesigns(URI endpoint, String region, DynamoDbClient side, EntityFirstTables peerTables,
      String singleTable, DesignsDataset data) {
    // Both designs priced by the endpoint's ConsumedCapacity: the local engine answers DynamoDB's units.
    this.meter = new CapacityMeter();
    this.client = client(endpoint, region, recorder, itemsRead, meter);
    this.peer = new EntityFirstDevices(client, peerTables);
    byte[] secret = new byte[32];
    new SecureRandom().nextBytes(secret);
    TableGateway gateway = new TableGateway(client, singleTable, new CursorCodec(secret),
        Clock.fixed(data.now(), java.time.ZoneOffset.UTC));
    this.single = new SingleTableSide(gateway);
    this.data = data;
    this.from = Timestamps.format(data.now().minus(Duration.ofDays(30)));
    this.to = Timestamps.format(data.now());
    this.sinceWeek = Timestamps.format(data.now().minus(Duration.ofDays(7)));
    this.sinceMonth = from;
    this.reads = new DevicesPatterns(client, peerTables, gateway, from, to, sinceWeek);
    this.dashboardSince = Timestamps.format(data.now().minus(DesignsDataset.SPAN).minusSeconds(1));
    this.random = new Random(data.seed());
    for (int d = 0; d < data.devices(); d++) {
      live.add(d);
    }
  }

  /**
   * A client with long deadlines: a Scan page of the entity-first side may take seconds on a
   * loaded machine, and the kit's 3 s Lambda deadline would cut it.
   */
  static DynamoDbClient client(URI endpoint, String region, ExecutionInterceptor... interceptors) {
    ClientOverrideConfiguration.Builder o = ClientOverrideConfiguration.builder()
        .apiCallAttemptTimeout(Duration.ofSeconds(120)).apiCallTimeout(Duration.ofSeconds(300));
    for (ExecutionInterceptor i : interceptors) {
      o.addExecutionInterceptor(i);
    }
    return DynamoDbClient.builder().endpointOverride(endpoint).region(Region.of(region))
        .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
        .httpClient(UrlConnectionHttpClient.builder().connectionTimeout(Duration.ofSeconds(5))
            .socketTimeout(Duration.ofSeconds(120)).build())
        .overrideConfiguration(o.build()).build();
  }

  /**
   * Creates both designs' tables on {@code endpoint}, loads the dataset, runs every pattern,
   * deletes the tables and returns the figures; progress goes to {@code progress}.
   */
  public static Result run(URI endpoint, String region, Options o, PrintStream progress) {
    Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    DesignsDataset data = new DesignsDataset(o.users(), now, o.seed());
    String run = "compare-" + Long.toString(System.nanoTime() % 1_000_000_000L, 36);
    EntityFirstTables peerTables = EntityFirstTables.prefixed(run + "-peer");
    String singleTable = run + "-single";
    List<String> created = new ArrayList<>();
    try (DynamoDbClient side = client(endpoint, region)) {
      try {
        for (CreateTableRequest r : peerTables.createTableRequests()) {
          create(side, r, created);
        }
        create(side, Devices.SCHEMA.createTableRequest(singleTable), created);
        progress.printf("loading %,d users, %,d devices, %,d events into both designs (BatchWriteItem of 25)%n",
            data.users(), data.devices(), data.events());
        long started = System.nanoTime();
        int n = data.users() + data.devices() + data.events();
        BatchWrites.write(side, singleTable, data::singleTableItems, n, progress);
        BatchWrites.write(side, peerTables.users(), data::peerUsers, data.users(), progress);
        BatchWrites.write(side, peerTables.devices(), data::peerDevices, data.devices(), progress);
        BatchWrites.write(side, peerTables.events(), data::peerEvents, data.events(), progress);
        double loadSeconds = (System.nanoTime() - started) / 1e9;
        CompareDesigns c = new CompareDesigns(endpoint, region, side, peerTables, singleTable, data);
        try {
          List<Row> rows = c.runAll(o, progress);
          return new Result(o, data, rows, peerStorage(data), singleStorage(data), singleTable, endpoint, loadSeconds);
        } finally {
          c.client.close();
        }
      } finally {
        for (String t : created) {
          side.deleteTable(DeleteTableRequest.builder().tableName(t).build());
        }
      }
    }
  }

  private static void create(DynamoDbClient client, CreateTableRequest r, List<String> created) {
    client.createTable(r);
    created.add(r.tableName());
    client.waiter().waitUntilTableExists(DescribeTableRequest.builder().tableName(r.tableName()).build());
  }

  /** The order of the runs: reads, then writes, deletions last (they shrink what later draws may pick). */
  static final List<SeedPattern> ORDER = List.of(SeedPattern.PROFILE, SeedPattern.DEVICES, SeedPattern.DEVICE,
      SeedPattern.DEVICE_EVENTS, SeedPattern.USER_EVENTS, SeedPattern.DASHBOARD, SeedPattern.DASHBOARD_AS_SEED_SHOWS,
      SeedPattern.EVENTS_OF_TYPE, SeedPattern.COUNT_BY_STATUS, SeedPattern.ACTIVE_USERS, SeedPattern.UPDATE_STATUS,
      SeedPattern.ADD_DEVICE, SeedPattern.DELETE_DEVICE);

  private List<Row> runAll(Options o, PrintStream progress) {
    Map<SeedPattern, Row> rows = new EnumMap<>(SeedPattern.class);
    for (SeedPattern p : ORDER) {
      long started = System.nanoTime();
      int runs = Math.min(o.iterations(), p == SeedPattern.DASHBOARD_AS_SEED_SHOWS ? o.seedDashboardRuns()
          : p == SeedPattern.ACTIVE_USERS ? o.scanRuns() : o.iterations());
      Tally peerTally = new Tally();
      Tally singleTally = null;
      int compared = 0;
      int agreed = 0;
      String difference = null;
      for (int i = 0; i < runs; i++) {
        Draw a = draw(p);
        Sample ps = measure(() -> peerCall(p, a), true);
        peerTally.add(ps);
        Optional<Sample> ss = measureOptional(() -> singleCall(p, a), true);
        if (ss.isPresent()) {
          singleTally = singleTally == null ? new Tally() : singleTally;
          singleTally.add(ss.get());
          compared++;
          if (Objects.equals(ps.answer(), ss.get().answer())) {
            agreed++;
          } else if (difference == null) {
            difference = "entity-first " + ps.answer() + " / single-table " + ss.get().answer();
          }
        }
        Draw b = p.writes() ? draw(p) : a;
        boolean peerFirst = i % 2 == 0;
        if (peerFirst) {
          peerTally.nanos.add(measure(() -> peerCall(p, b), false).nanos());
        }
        if (singleTally != null) {
          Tally t = singleTally;
          measureOptional(() -> singleCall(p, b), false).ifPresent(s -> t.nanos.add(s.nanos()));
        }
        if (!peerFirst) {
          peerTally.nanos.add(measure(() -> peerCall(p, b), false).nanos());
        }
      }
      rows.put(p, new Row(p, peerTally, singleTally, compared, agreed, difference));
      progress.printf(java.util.Locale.ROOT, "%-3s %-58s %3d runs %6.1f s%s%n", p.id(), p.title(), runs,
          (System.nanoTime() - started) / 1e9, singleTally == null ? "  (single-table: not landed)" : "");
    }
    return List.copyOf(rows.values());
  }

  private Draw draw(SeedPattern p) {
    int pick = random.nextInt(live.size());
    DeviceData d = data.device(live.get(pick));
    if (p == SeedPattern.DELETE_DEVICE) {
      live.remove(pick);
    }
    String newDevice = p == SeedPattern.ADD_DEVICE ? "added-" + (added++) : null;
    return new Draw(d, DesignsDataset.ownerOf(d.index()), Device.STATUSES.get(random.nextInt(Device.STATUSES.size())),
        DesignsDataset.EVENT_TYPES.get(random.nextInt(DesignsDataset.EVENT_TYPES.size())), newDevice,
        DesignsDataset.KINDS.get(random.nextInt(DesignsDataset.KINDS.size())));
  }

  private Object peerCall(SeedPattern p, Draw a) {
    String user = DesignsDataset.userId(a.user());
    String device = a.device().device();
    return switch (p) {
      case PROFILE, DEVICES, DEVICE, DEVICE_EVENTS, USER_EVENTS, EVENTS_OF_TYPE -> reads.oldAnswer(readCase(p, a));
      case UPDATE_STATUS -> Views.peerDevice(peer.updateStatus(device, a.status()));
      case ADD_DEVICE -> Views.peerDevice(peer.addDevice(a.newDevice(), user, "Added " + a.newDevice(), a.newKind()));
      case DELETE_DEVICE -> peer.deleteDevice(device);
      case COUNT_BY_STATUS -> peer.countByStatus().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
          .toList();
      case ACTIVE_USERS -> peer.activeUsers(sinceMonth);
      case DASHBOARD -> dashboardView(peer.dashboard(user));
      case DASHBOARD_AS_SEED_SHOWS -> dashboardView(peer.dashboardAsSeedShows(user, dashboardSince));
    };
  }

  /** A read pattern's case, as {@code scripts/migrate verify} runs it through the same {@link DevicesPatterns}. */
  private static DesignPatterns.Case readCase(SeedPattern p, Draw a) {
    String user = DesignsDataset.userId(a.user());
    String device = a.device().device();
    return switch (p) {
      case PROFILE -> new DesignPatterns.Case(DevicesPatterns.PATTERNS.get(0), Map.of("user", user));
      case DEVICES -> new DesignPatterns.Case(DevicesPatterns.PATTERNS.get(1), Map.of("user", user));
      case DEVICE -> new DesignPatterns.Case(DevicesPatterns.PATTERNS.get(2), Map.of("user", user, "device", device));
      case DEVICE_EVENTS -> new DesignPatterns.Case(DevicesPatterns.PATTERNS.get(3),
          Map.of("user", user, "device", device));
      case USER_EVENTS -> new DesignPatterns.Case(DevicesPatterns.PATTERNS.get(4), Map.of("user", user));
      case EVENTS_OF_TYPE -> new DesignPatterns.Case(DevicesPatterns.PATTERNS.get(5), Map.of("type", a.type()));
      default -> throw new IllegalArgumentException(p + " is not a read of the copied items");
    };
  }

  private static List<String> dashboardView(EntityFirstDevices.Dashboard d) {
    List<String> out = new ArrayList<>();
    out.add(Views.peerProfile(d.profile()));
    d.devices().forEach(x -> out.add(Views.peerDevice(x.device()) + " recent " + Views.peerRecent(x.recent())));
    return out;
  }

  private Optional<Object> singleCall(SeedPattern p, Draw a) {
    String user = DesignsDataset.userId(a.user());
    String device = a.device().device();
    return switch (p) {
      case PROFILE, DEVICES, DEVICE, DEVICE_EVENTS, USER_EVENTS, EVENTS_OF_TYPE ->
          Optional.of(reads.newAnswer(readCase(p, a)));
      case UPDATE_STATUS -> single.updateStatus(user, device, a.status()).map(x -> x);
      case ADD_DEVICE -> single.addDevice(user, a.newDevice(), "Added " + a.newDevice(), a.newKind()).map(x -> x);
      case DELETE_DEVICE -> single.deleteDevice(user, device).map(x -> x);
      case COUNT_BY_STATUS -> single.countByStatus().map(x -> x);
      case ACTIVE_USERS -> single.activeUsers(30).map(x -> x);
      case DASHBOARD, DASHBOARD_AS_SEED_SHOWS -> single.dashboard(user).map(x -> x);
    };
  }

  private Sample measure(java.util.function.Supplier<Object> call, boolean metered) {
    return measureOptional(() -> Optional.of(call.get()), metered).orElseThrow();
  }

  private Optional<Sample> measureOptional(java.util.function.Supplier<Optional<Object>> call, boolean metered) {
    recorder.reset();
    itemsRead.reset();
    if (metered) {
      meter.start();
    }
    long started = System.nanoTime();
    Optional<Object> answer = call.get();
    long nanos = System.nanoTime() - started;
    Capacity.Units units = metered ? meter.stop() : Capacity.Units.ZERO;
    return answer.map(x -> new Sample(x, recorder.calls(), itemsRead.items(), units, nanos));
  }

  /** {@code GetItem, Query ×10}: the calls in order, repeats folded. */
  static String summarize(List<String> operations) {
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < operations.size(); ) {
      int j = i;
      while (j < operations.size() && operations.get(j).equals(operations.get(i))) {
        j++;
      }
      parts.add(j - i == 1 ? operations.get(i) : operations.get(i) + " ×" + (j - i));
      i = j;
    }
    return parts.isEmpty() ? "none" : String.join(", ", parts);
  }

  // ---- storage ----------------------------------------------------------------------------------

  static Storage peerStorage(DesignsDataset data) {
    EntityFirstTables t = EntityFirstTables.prefixed("x");
    Map<String, List<List<String>>> indexes = t.indexKeys();
    StorageSum sum = new StorageSum();
    data.peerUsers(sum.into(indexes.get(t.users())));
    data.peerDevices(sum.into(indexes.get(t.devices())));
    data.peerEvents(sum.into(indexes.get(t.events())));
    return sum.storage();
  }

  static Storage singleStorage(DesignsDataset data) {
    StorageSum sum = new StorageSum();
    data.singleTableItems(sum.into(Devices.SCHEMA.gsis().stream().map(g -> List.of(g.pk(), g.sk())).toList()));
    return sum.storage();
  }

  private static final class StorageSum {
    long table;
    long index;
    long items;
    long entries;

    Consumer<Map<String, AttributeValue>> into(List<List<String>> indexKeys) {
      return item -> {
        long size = ItemSize.of(item) + Capacity.STORAGE_OVERHEAD_BYTES;
        table += size;
        items++;
        for (List<String> k : indexKeys) {
          if (item.containsKey(k.get(0)) && item.containsKey(k.get(1))) {
            index += size; // every index projects ALL: the entry is the item
            entries++;
          }
        }
      };
    }

    Storage storage() {
      return new Storage(table, index, items, entries);
    }
  }

  /** The single-table schema's index count, for the report. */
  static int singleTableIndexes() {
    return Devices.SCHEMA.gsis().size();
  }
}

package dev.monotable.devices.tools;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import dev.monotable.devices.Devices;
import dev.monotable.devices.bench.DevicesMigrationDomain;
import dev.monotable.devices.keys.DevicesKeys;
import dev.monotable.devices.DevicesPattern;
import dev.monotable.devices.charts.DevicesCharts;
import dev.monotable.devices.functions.DevicesServices;
import dev.monotable.devices.functions.streams.DeviceNameHandler;
import dev.monotable.devices.functions.streams.RecentEventsHandler;
import dev.monotable.devices.functions.streams.StatusCountsHandler;
import dev.monotable.devices.data.Events;
import dev.monotable.devices.data.Profiles;
import dev.monotable.devices.data.Registry;
import dev.monotable.devices.data.Stats;
import dev.monotable.devices.model.Device;
import dev.monotable.devices.model.DeviceTag;
import dev.monotable.devices.model.StatusCounts;
import dev.monotable.devices.model.Event;
import dev.monotable.devices.model.UserProfile;
import dev.monotable.kit.charts.ChartTypes.Cardinality;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.bench.BenchCase;
import dev.monotable.kit.bench.BenchDomain;
import dev.monotable.kit.bench.BenchRequest;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.charts.ChartTypes.Relationship;
import dev.monotable.kit.charts.ChartTypes.Strategy;
import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.docs.ApiShape;
import dev.monotable.kit.docs.DocsDomain;
import dev.monotable.kit.docs.JsonSchema;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.local.LocalDomain;
import dev.monotable.kit.migrate.tool.MigrationDomain;
import dev.monotable.kit.ops.BackfillRules;
import dev.monotable.kit.ops.CounterCheck;
import dev.monotable.kit.ops.OpsDomain;
import dev.monotable.kit.ops.ReadPattern;
import dev.monotable.kit.tools.DevDomain;
import dev.monotable.kit.tools.DevFacet;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Devices for the kit's dev-time programs (registered in META-INF/services): how the local service
 * builds its handlers and demo data, what the operator tools, the docs generator and the bench need.
 */
public final class DevicesDev implements DevDomain {

  /** The demo data's times: the events are an hour apart, ending an hour before the table's clock at seeding. */
  static Instant demoEnd(Clock clock) {
    return clock.instant().truncatedTo(ChronoUnit.HOURS).minus(Duration.ofHours(1));
  }

  /** A window of two days back from the clock: the range the samples, examples and bench cases read. */
  static String from(Clock clock) {
    return Timestamps.format(clock.instant().truncatedTo(ChronoUnit.HOURS).minus(Duration.ofDays(2)));
  }

  static String to(Clock clock) {
    return Timestamps.format(clock.instant().truncatedTo(ChronoUnit.HOURS));
  }

  /**
   * The demo dataset: user ann with a thermostat (six readings, tagged kitchen) and a plug. Events
   * are timed from the clock, since an event older than 90 days is refused and would have expired.
   */
  static void seed(DevicesServices s) {
    s.profiles().create("ann", "Ann Example", "ann@example.com");
    s.registry().add("ann", "thermo-1", "Kitchen thermostat", "thermostat");
    s.registry().add("ann", "plug-1", "Desk plug", "plug");
    s.registry().setTags("ann", "thermo-1", List.of("kitchen", "heating"), null);
    Instant end = demoEnd(s.table().clock());
    for (int h = 0; h < 6; h++) {
      s.events().record("ann", "thermo-1", new Events.EventInput(Timestamps.format(end.minus(Duration.ofHours(5 - h))),
          0, "temperature", new BigDecimal("20.5").add(BigDecimal.valueOf(h))));
    }
  }

  @Override
  public Domain domain() {
    return Devices.DOMAIN;
  }

  @Override
  public EntityModel entities() {
    return DevicesCharts.MODEL;
  }

  @Override
  public LocalDomain local() {
    return new Local(this);
  }

  @Override
  public OpsDomain ops() {
    return new Ops(this);
  }

  @Override
  public DocsDomain docs() {
    return new Docs(this);
  }

  @Override
  public BenchDomain<?> bench() {
    return new Bench();
  }

  /** From seed 002's entity-first tables (the peer of scripts/compare-designs) onto the single table. */
  @Override
  public MigrationDomain migration() {
    return new DevicesMigrationDomain();
  }

  /** The services over one table (the kit serves the routes with them), and the demo entry. */
  static final class Local extends DevFacet implements LocalDomain {
    Local(DevDomain dev) {
      super(dev);
    }

    @Override
    public Wiring wire(TableGateway table, JwtVerifier verifier) {
      DevicesServices services = new DevicesServices(table, verifier);
      return new Wiring() {
        @Override
        public DevicesServices services() {
          return services;
        }

        @Override
        public RequestHandler<DynamodbEvent, StreamsEventResponse> stream(String handlerClass) {
          Map<String, Function<DevicesServices, RequestHandler<DynamodbEvent, StreamsEventResponse>>> streams = Map.of(
              RecentEventsHandler.class.getName(), RecentEventsHandler::new,
              StatusCountsHandler.class.getName(), StatusCountsHandler::new,
              DeviceNameHandler.class.getName(), DeviceNameHandler::new);
          if (streams.containsKey(handlerClass)) {
            return streams.get(handlerClass).apply(services);
          }
          throw new IllegalArgumentException("Devices has no stream handler " + handlerClass);
        }

        @Override
        public void seedDemo() {
          seed(services);
        }
      };
    }

    @Override
    public String demoSummary() {
      return "user ann with devices thermo-1 (six hourly readings, tags kitchen and heating) and plug-1; "
          + "analytics need an operator's token: scripts/token ops --group operators";
    }

    @Override
    public List<String> examples(String baseUrl) {
      String ann = baseUrl + "/users/ann";
      String token = " -H \"Authorization: Bearer $(scripts/token ann)\" ";
      String ops = " -H \"Authorization: Bearer $(scripts/token ops --group operators)\" ";
      Clock clock = Clock.systemUTC();
      return List.of("curl -s" + token + ann + "/dashboard",
          "curl -s" + token + ann + "/devices",
          "curl -s" + token + "'" + ann + "/devices/thermo-1/events?from=" + from(clock) + "&to=" + to(clock) + "'",
          "curl -s -X PATCH" + token + ann + "/devices/plug-1 -H 'if-match: \"1\"' -H 'content-type: application/json'"
              + " -d '{\"status\":\"online\"}'",
          "curl -s" + token + ann + "/tags/kitchen/devices",
          "curl -s" + ops + baseUrl + "/analytics/device-status");
    }
  }

  /** Read patterns, backfill and scale data for the operator tools. */
  static final class Ops extends DevFacet implements OpsDomain {
    Ops(DevDomain dev) {
      super(dev);
    }

    @Override
    public List<ReadPattern> readPatterns() {
      Clock clock = Clock.systemUTC();
      String from = from(clock);
      String to = to(clock);
      return List.of(
          new ReadPattern(DevicesPattern.AP01, List.of("user"), false, ReadPattern.Sample.of(null, "ann"),
              (table, caller, p, page) -> one(new Profiles(table).get(p.get(0)).toItem())),
          new ReadPattern(DevicesPattern.AP02, List.of("user"), false, ReadPattern.Sample.of(null, "ann"),
              (table, caller, p, page) -> new Registry(table).list(p.get(0), page).map(Device::toItem)),
          new ReadPattern(DevicesPattern.AP03, List.of("user", "device"), false,
              ReadPattern.Sample.of(null, "ann", "thermo-1"),
              (table, caller, p, page) -> one(new Registry(table).get(p.get(0), p.get(1)).toItem())),
          new ReadPattern(DevicesPattern.AP04, List.of("user", "device", "from", "to"), false,
              ReadPattern.Sample.of(null, "ann", "thermo-1", from, to),
              (table, caller, p, page) -> new Events(table).range(p.get(0), p.get(1), p.get(2), p.get(3), page)
                  .map(Event::toItem)),
          new ReadPattern(DevicesPattern.AP05, List.of("user", "from", "to"), false,
              ReadPattern.Sample.of(null, "ann", from, to),
              (table, caller, p, page) -> new Events(table).byUser(p.get(0), p.get(1), p.get(2), page)
                  .map(Event::toItem)),
          new ReadPattern(DevicesPattern.AP09, List.of("type", "since"), false,
              ReadPattern.Sample.of(null, "temperature", from),
              (table, caller, p, page) -> new Events(table).ofType(p.get(0), p.get(1), page).map(Event::toItem)),
          new ReadPattern(DevicesPattern.AP10, List.of(), false, ReadPattern.Sample.of(null),
              (table, caller, p, page) -> one(StatusCounts.total(new Stats(table).deviceStatusCounts()))),
          new ReadPattern(DevicesPattern.AP11, List.of("days"), false, ReadPattern.Sample.of(null, "30"),
              (table, caller, p, page) -> new Profiles(table).active(Integer.parseInt(p.get(0)), page)
                  .map(UserProfile::toItem)),
          new ReadPattern(DevicesPattern.AP14, List.of("user"), false, ReadPattern.Sample.of(null, "ann"),
              (table, caller, p, page) -> dashboardItems(new Registry(table).dashboard(p.get(0), page))),
          new ReadPattern(DevicesPattern.AP17, List.of("user", "tag"), false, ReadPattern.Sample.of(null, "ann", "kitchen"),
              (table, caller, p, page) -> new Registry(table).byTag(p.get(0), p.get(1), page).map(DeviceTag::toItem)));
    }

    private static Page<Map<String, AttributeValue>> dashboardItems(Registry.Dashboard d) {
      List<Map<String, AttributeValue>> items = new java.util.ArrayList<>();
      if (d.profile() != null) {
        items.add(d.profile().toItem());
      }
      d.devices().items().forEach(device -> items.add(device.toItem()));
      return new Page<>(items, d.devices().nextCursor());
    }

    private static Page<Map<String, AttributeValue>> one(Map<String, AttributeValue> item) {
      return new Page<>(List.of(item), null);
    }

    @Override
    public BackfillRules backfill() {
      return new BackfillRules() {
        @Override
        public Set<String> types() {
          return Set.of(UserProfile.TYPE, Device.TYPE, DeviceTag.TYPE, Event.TYPE);
        }

        @Override
        public Optional<Map<String, AttributeValue>> remap(Map<String, AttributeValue> item) {
          return switch (item.getOrDefault("Type", AttributeValue.fromS("")).s()) {
            case UserProfile.TYPE -> Optional.of(UserProfile.fromItem(item).toItem());
            case Device.TYPE -> Optional.of(Device.fromItem(item).toItem());
            case DeviceTag.TYPE -> Optional.of(DeviceTag.fromItem(item).toItem());
            case Event.TYPE -> Optional.of(Event.fromItem(item).toItem());
            default -> Optional.empty();
          };
        }
      };
    }

    @Override
    public List<CounterCheck> counters() {
      return List.of();
    }

    @Override
    public void scaleData(long seed, int n, Consumer<Map<String, AttributeValue>> sink) {
      // One user per 100 items: its profile, 9 devices and 10 events of each, timed back from now
      // (an event older than 90 days would be expired).
      String now = Timestamps.format(Instant.now().truncatedTo(ChronoUnit.SECONDS));
      Instant end = demoEnd(Clock.systemUTC());
      for (int i = 0; i < n; i++) {
        String user = "scale-" + seed + "-" + (i / 100);
        int k = i % 100;
        if (k == 0) {
          sink.accept(new UserProfile(user, "Scale user", user + "@example.com", now).toItem());
        } else if (k <= 9) {
          sink.accept(Device.added(user, "d" + k, "Device " + k, "sensor", now).toItem());
        } else {
          int device = 1 + (k - 10) % 9;
          sink.accept(new Event(user, "d" + device, Timestamps.format(end.minus(Duration.ofHours((k - 10) / 9))), 0,
              "temperature", BigDecimal.valueOf(k), "Device " + device, 1, now).toItem());
        }
      }
    }
  }

  /** What the docs generator prints of Devices beyond its declarations; docs go to docs/devices/. */
  static final class Docs extends DevFacet implements DocsDomain {
    Docs(DevDomain dev) {
      super(dev);
    }

    @Override
    public String folder() {
      return "docs/devices";
    }

    @Override
    public List<Relationship> relationships() {
      return List.of(
          new Relationship(UserProfile.TYPE, Device.TYPE, Cardinality.ONE_TO_MANY, "owns",
              List.of(Strategy.ITEM_COLLECTION, Strategy.GSI_COLLECTION),
              List.<AccessPatternSpec>of(DevicesPattern.AP02, DevicesPattern.AP03, DevicesPattern.AP07,
                  DevicesPattern.AP14)),
          new Relationship(Device.TYPE, Event.TYPE, Cardinality.ONE_TO_MANY, "reports",
              List.of(Strategy.ITEM_COLLECTION, Strategy.DENORMALISED_COPY),
              List.<AccessPatternSpec>of(DevicesPattern.AP04, DevicesPattern.AP08, DevicesPattern.AP13,
                  DevicesPattern.AP14, DevicesPattern.AP15)),
          new Relationship(UserProfile.TYPE, Event.TYPE, Cardinality.ONE_TO_MANY, "sees across devices",
              List.of(Strategy.GSI_COLLECTION, Strategy.SPARSE_INDEX),
              List.<AccessPatternSpec>of(DevicesPattern.AP05, DevicesPattern.AP11)),
          new Relationship(Device.TYPE, DeviceTag.TYPE, Cardinality.ONE_TO_MANY, "is tagged",
              List.of(Strategy.ITEM_COLLECTION, Strategy.ADJACENCY_LIST),
              List.<AccessPatternSpec>of(DevicesPattern.AP16, DevicesPattern.AP17)),
          new Relationship(Device.TYPE, StatusCounts.TYPE, Cardinality.ONE_TO_MANY, "is counted in",
              List.of(Strategy.ATOMIC_COUNTER_ITEM, Strategy.UNIQUENESS_ITEM),
              List.<AccessPatternSpec>of(DevicesPattern.AP10)));
    }

    @Override
    public String keySegments() {
      return "`{user}` and `{device}` are ids: 1-64 lower-case letters, digits or hyphens, starting and ending "
          + "with a letter or digit. `{ts}` is the event's time (ISO-8601 UTC with milliseconds, so text order is "
          + "time order) and `{seq}` the client's sequence at that time, 8 digits zero-padded. `{type}` and `{tag}` "
          + "are labels: 1-40 lower-case letters, digits, `-`, `_` or `.`. `{shard}` is a write shard: CRC-32 of "
          + "`{user}/{device}` mod 8 for an event type, mod 10 for the status counts. `{record}` is a stream "
          + "record's id.";
    }

    @Override
    public String erdNotes() {
      return "Seed 002's layout: one partition per user holds the profile (`#PROFILE`, first), each device "
          + "(`DEVICE#{device}`) and, right after it, its tags (`DEVICE#{device}#TAG#{tag}`) and events "
          + "(`DEVICE#{device}#EVENT#{ts}#{seq}`). A device's events in a time range are one `BETWEEN` on the sort "
          + "key; deleting a device is one `begins_with(SK, DEVICE#{device}#)` range. GSI1 is the user's "
          + "collection across devices: the profile, the devices (`DEVICE#` sorts before `EVENT#`) and every event "
          + "in time order; the seed's dashboard is one Query of its `#PROFILE..DEVICE#~` range, each device "
          + "carrying copies of its newest events (`Recent`, kept by ST1), so no event item is read. GSI2 holds the "
          + "lookups that start elsewhere: an event type's events in 8 write shards, the active users (sparse: "
          + "profiles enter it with their first event) and each user's devices by tag (the tag items, inverted). "
          + "The device counts by status live in 10 shard items of their own partitions, kept by ST2.";
    }

    @Override
    public String routeSource() {
      return "`Devices.endpoints()`";
    }

    @Override
    public String optionalAuthUse() {
      return "nothing more";
    }

    private static Map<String, Object> arrayOf(Map<String, Object> items, int max) {
      Map<String, Object> a = JsonSchema.type("array");
      a.put("items", items);
      a.put("maxItems", max);
      return a;
    }

    @Override
    public ApiShape shape(Endpoint endpoint) {
      Map<String, Object> body = endpoint.body().isEmpty() ? null : JsonSchema.body(endpoint.body());
      return switch (endpoint.routeKey()) {
        case "PUT /users/{user}" -> ApiShape.create("create a user's profile", "User", body);
        case "GET /users/{user}" -> ApiShape.read("get a user's profile", JsonSchema.ref("User"));
        case "GET /users/{user}/dashboard" -> new ApiShape(
            "the user's profile (first page only) and devices, each with its newest events", 200,
            JsonSchema.ref("Dashboard"), null, false, JsonSchema.paging(Map.of()), false);
        case "GET /users/{user}/devices" -> ApiShape.list("list a user's devices, in id order", "Device");
        case "GET /users/{user}/events" -> new ApiShape(
            "the user's events across devices from `from` to `to` (both inclusive), newest first", 200,
            JsonSchema.page("Event"), null, false, JsonSchema.paging(rangeParameters()), false);
        case "GET /users/{user}/tags/{tag}/devices" -> ApiShape.list("the user's devices carrying a tag", "Tag");
        case "PUT /users/{user}/devices/{device}" -> ApiShape.create("add a device (offline, version 1)", "Device",
            body);
        case "GET /users/{user}/devices/{device}" -> ApiShape.read("get a device", JsonSchema.ref("Device"));
        case "PATCH /users/{user}/devices/{device}" -> new ApiShape("update a device's status, name or both", 200,
            JsonSchema.ref("Device"), body, true, Map.of(), true);
        case "DELETE /users/{user}/devices/{device}" -> new ApiShape("delete a device with all its events and tags: "
            + "200 when done, 202 with the progress while items are left (call again to resume)", 200,
            JsonSchema.ref("Removal"), null, false, Map.of(), false);
        case "PUT /users/{user}/devices/{device}/tags" -> new ApiShape("set a device's tags (replaces them)", 200,
            JsonSchema.ref("Device"), body, true, Map.of(), true);
        case "GET /users/{user}/devices/{device}/events" -> new ApiShape(
            "a device's events from `from` to `to` (both inclusive), newest first", 200, JsonSchema.page("Event"),
            null, false, JsonSchema.paging(rangeParameters()), false);
        case "POST /users/{user}/devices/{device}/events" -> ApiShape.create("record one event", "Event", body);
        case "POST /users/{user}/devices/{device}/events/batch" -> new ApiShape("record up to 25 events: 200 when "
            + "all are written, 207 with the ones left unprocessed (resend those)", 200, JsonSchema.ref("BatchResult"),
            body, true, Map.of(), false);
        case "GET /analytics/events" -> new ApiShape("events of a type across users since a time, newest first "
            + "(operators)", 200, JsonSchema.page("UserEvent"), null, false, JsonSchema.paging(typeParameters()), false);
        case "GET /analytics/device-status" -> ApiShape.read("device counts by status over all users (operators)",
            JsonSchema.ref("StatusCounts"));
        case "GET /analytics/active-users" -> new ApiShape("users with an event in the last `days` days, most "
            + "recent first (operators)", 200, JsonSchema.page("ActiveUser"), null, false,
            JsonSchema.paging(Map.of("days", JsonSchema.described(JsonSchema.integer(1, Profiles.ACTIVE_DAYS_MAX),
                "the window, default 30"))), false);
        case Endpoint.HEALTH_ROUTE -> ApiShape.read("liveness, table name and endpoint", JsonSchema.ref("Health"));
        default -> throw new IllegalArgumentException("no shape for " + endpoint.routeKey());
      };
    }

    private static Map<String, Map<String, Object>> typeParameters() {
      Map<String, Map<String, Object>> q = new LinkedHashMap<>();
      q.put("type", JsonSchema.described(JsonSchema.pattern(DevicesKeys.LABEL.pattern()), "required: the event type"));
      q.put("since", JsonSchema.described(JsonSchema.timestamp(), "required: the earliest time, inclusive"));
      return q;
    }

    private static Map<String, Map<String, Object>> rangeParameters() {
      Map<String, Map<String, Object>> q = new LinkedHashMap<>();
      q.put("from", JsonSchema.described(JsonSchema.timestamp(), "required: the earliest time, inclusive"));
      q.put("to", JsonSchema.described(JsonSchema.timestamp(), "required: the latest time, inclusive"));
      return q;
    }

    @Override
    public Map<String, Map<String, Object>> schemas() {
      Map<String, Map<String, Object>> m = new LinkedHashMap<>();
      m.put("User", JsonSchema.record("user", JsonSchema.string(), "name", JsonSchema.string(),
          "email", JsonSchema.string(), "createdAt", JsonSchema.timestamp()));
      Map<String, Object> reading = JsonSchema.record("at", JsonSchema.timestamp(),
          "seq", JsonSchema.integer(0, DevicesKeys.SEQ_MAX), "type", JsonSchema.string(), "value", JsonSchema.type("number"));
      m.put("Device", JsonSchema.closedObject(List.of("user", "device", "name", "kind", "status", "version",
              "createdAt", "updatedAt", "tags", "recent"),
          "user", JsonSchema.string(), "device", JsonSchema.string(),
          "name", JsonSchema.string(), "kind", JsonSchema.string(), "status", JsonSchema.enumOf(Device.STATUSES),
          "version", JsonSchema.atLeast(1), "createdAt", JsonSchema.timestamp(), "updatedAt", JsonSchema.timestamp(),
          "tags", arrayOf(JsonSchema.string(), Device.TAGS_MAX),
          "recent", JsonSchema.described(arrayOf(reading, Device.RECENT_MAX),
              "copies of the newest events, newest first (kept from the stream: may trail a write by a moment)"),
          "deletingAt", JsonSchema.described(JsonSchema.timestamp(), "present while the device is being deleted"),
          "deletedEvents", JsonSchema.described(JsonSchema.atLeast(0), "items the deletion has removed so far")));
      Map<String, Object> devices = JsonSchema.type("array");
      devices.put("items", JsonSchema.ref("Device"));
      m.put("Dashboard", JsonSchema.record("user", JsonSchema.described(new LinkedHashMap<>(Map.of("anyOf",
          List.of(JsonSchema.ref("User"), JsonSchema.type("null")))), "the profile on the first page; null on later pages"), "devices", devices,
          "nextCursor", JsonSchema.described(JsonSchema.nullableString(),
              "opaque cursor of the next page; null on the last page")));
      m.put("Event", JsonSchema.record("device", JsonSchema.string(), "deviceName", JsonSchema.string(),
          "at", JsonSchema.timestamp(), "seq", JsonSchema.integer(0, DevicesKeys.SEQ_MAX), "type", JsonSchema.string(),
          "value", JsonSchema.type("number")));
      m.put("UserEvent", JsonSchema.record("user", JsonSchema.string(), "device", JsonSchema.string(),
          "deviceName", JsonSchema.string(), "at", JsonSchema.timestamp(),
          "seq", JsonSchema.integer(0, DevicesKeys.SEQ_MAX), "type", JsonSchema.string(),
          "value", JsonSchema.type("number")));
      m.put("Tag", JsonSchema.record("device", JsonSchema.string(), "tag", JsonSchema.string()));
      m.put("Removal", JsonSchema.record("device", JsonSchema.string(), "done", JsonSchema.type("boolean"),
          "deleted", JsonSchema.described(JsonSchema.atLeast(0), "items removed by this call"),
          "deletedTotal", JsonSchema.described(JsonSchema.atLeast(0), "items removed by every call so far")));
      Map<String, Object> results = JsonSchema.type("array");
      results.put("items", JsonSchema.record("index", JsonSchema.atLeast(0),
          "status", JsonSchema.enumOf(List.of("written", "unprocessed"))));
      m.put("BatchResult", JsonSchema.record("written", JsonSchema.atLeast(0), "unprocessed", JsonSchema.atLeast(0),
          "results", results));
      m.put("StatusCounts", JsonSchema.record("counts", JsonSchema.record("online", JsonSchema.atLeast(0),
          "offline", JsonSchema.atLeast(0), "error", JsonSchema.atLeast(0))));
      m.put("ActiveUser", JsonSchema.record("user", JsonSchema.string(), "activeAt", JsonSchema.timestamp()));
      m.put("Health", JsonSchema.record("status", JsonSchema.enumOf(List.of("ok")), "table", JsonSchema.string(),
          "endpoint", JsonSchema.string()));
      return m;
    }

    @Override
    public Map<String, Object> pathParameter(String name) {
      return JsonSchema.pattern(name.equals("tag") ? DevicesKeys.LABEL.pattern() : DevicesKeys.ID.pattern());
    }

    @Override
    public String openApiSources() {
      return "Devices's endpoint declarations";
    }

    @Override
    public String contractIntro() {
      return "Devices stores users, their devices and the devices' events (seed 002): every one of the seed's "
          + "eleven access patterns, its dashboard, device tags and a batch ingest route. A user's routes serve "
          + "that user only; the analytics routes (events of a type, counts by status, active users) serve "
          + "operators.";
    }

    @Override
    public String requestBudget() {
      return "Every read is one DynamoDB request, except the events of a type: one Query per write shard (8). "
          + "Recording events reads the device (its name goes onto the events) and then writes: one PutItem, or "
          + "one BatchWriteItem of up to 25 with at most 3 retries of what it leaves unprocessed. Setting tags "
          + "reads the device and then writes one transaction. Deleting a device is resumable: each call makes "
          + "at most 43 requests and answers 202 while items are left.";
    }

    @Override
    public String notFoundCase() {
      return "the user or device does not exist";
    }

    @Override
    public String conflictCase() {
      return "the user, device or event (same time and sequence) exists, or the device is being deleted";
    }

    @Override
    public String notFoundResponse() {
      return "no such user or device";
    }

    @Override
    public String inputRulesIntro() {
      return "Ids, times and texts:";
    }

    @Override
    public List<InputRule> inputRules() {
      return List.of(new InputRule("`user`, `device`", "1-64 lower-case letters, digits or hyphens"),
          new InputRule("`from`, `to`, `at`", "ISO-8601 UTC with milliseconds, `from` not after `to`"),
          new InputRule("`seq`", "0-99999999, default 0"),
          new InputRule("`status`", String.join(", ", Device.STATUSES)),
          new InputRule("`at`", "within the last 90 days (events expire then) and at most 5 minutes ahead"),
          new InputRule("`name`", "1-100 characters; `kind`: 1-40 characters"),
          new InputRule("`type`, `tag`", "1-40 lower-case letters, digits, `-`, `_` or `.`; at most 10 tags"),
          new InputRule("`events`", "1-25 events, no two with the same `at` and `seq`; one bad event refuses the batch"),
          new InputRule("`days`", "1-90, default 30"),
          new InputRule("`value`", "a number of magnitude below 1e15"));
    }

    @Override
    public String permissions() {
      return """
          - Every route is `REQUIRED`: it needs `Authorization: Bearer <JWT>`, and the caller is the token's
            `username` claim. Deployed, API Gateway's JWT authorizer checks the token before the function runs;
            locally, `scripts/dev` does the same with the key pair in `.local/` (`scripts/token <user>` prints one).
            No token, or an invalid or expired one, is a 401.
          - A user's profile, devices and events are that user's alone: the caller must be the path's `{user}`
            (compared without case), else 403. `PUT /users/{user}` creates only your own profile.
          - The analytics routes (`/analytics/...`) read across users: the caller must be in the user pool group
            `operators` (claim `cognito:groups`; locally `scripts/token ops --group operators`), else 403.
          - Every refusal comes before any DynamoDB request.""";
    }

    @Override
    public String streamEffects() {
      return """
          - ST1 (`RecentEventsHandler`, Event INSERT): merges a batch's events into their devices' `Recent` (the
            newest 10, a set: a redelivered or late event changes nothing or lands in its place) and moves each
            user's `ActiveAt` (GSI2 `ACTIVE`) to the user's newest event when it is more than an hour older: one
            BatchGetItem of the batch's devices and profiles, then at most one UpdateItem per device and per user.
          - ST2 (`StatusCountsHandler`, Device INSERT, MODIFY, REMOVE): -1 for the old status, +1 for the new, in
            the device's shard, one transaction per shard and batch with a receipt per record and one ADD of their
            sum: exact under redelivery (a receipt found sends the transaction again without its record), and the
            deltas commute, so under reordering too.
          - ST3 (`DeviceNameHandler`, Device MODIFY with a new name): copies the name onto the device's events,
            each from an older `NameVersion` only. Until it has run (stream lag plus one UpdateItem per event)
            events show the old name.""";
    }
  }

  /** One case per route for scripts/bench; no conventional peer. */
  static final class Bench implements BenchDomain<DevicesServices> {
    @Override
    public DevicesServices services(TableGateway table) {
      return new DevicesServices(table, null);
    }

    @Override
    public void addBenchData(DevicesServices services) {}

    @Override
    public List<BenchCase<DevicesServices>> cases() {
      Domain d = Devices.DOMAIN;
      String device = "/users/{user}/devices/{device}";
      return List.of(
          BenchCase.route(d, "PUT /users/{user}", i -> BenchRequest.as("bench-" + i).path("user", "bench-" + i)
              .body("{\"name\":\"Bench\",\"email\":\"bench@example.com\"}")),
          BenchCase.route(d, "GET /users/{user}", i -> BenchRequest.as("ann").path("user", "ann")),
          BenchCase.route(d, "GET /users/{user}/dashboard", i -> BenchRequest.as("ann").path("user", "ann")),
          BenchCase.route(d, "GET /users/{user}/devices", i -> BenchRequest.as("ann").path("user", "ann")),
          BenchCase.route(d, "PUT " + device, i -> BenchRequest.as("ann").path("user", "ann")
              .path("device", "bench-" + i).body("{\"name\":\"Bench\",\"kind\":\"sensor\"}")),
          BenchCase.route(d, "GET " + device, i -> BenchRequest.as("ann").path("user", "ann")
              .path("device", "thermo-1")),
          BenchCase.<DevicesServices>route(d, "PATCH " + device, i -> BenchRequest.as("ann").path("user", "ann")
              .path("device", "plug-1").body("{\"status\":\"" + (i % 2 == 0 ? "online" : "offline") + "\"}"))
              .ifMatch(s -> s.registry().get("ann", "plug-1").version()),
          BenchCase.route(d, "GET " + device + "/events", i -> BenchRequest.as("ann").path("user", "ann")
              .path("device", "thermo-1").query("from", from(Clock.systemUTC())).query("to", to(Clock.systemUTC()))),
          BenchCase.route(d, "GET /users/{user}/events", i -> BenchRequest.as("ann").path("user", "ann")
              .query("from", from(Clock.systemUTC())).query("to", to(Clock.systemUTC()))),
          BenchCase.route(d, "POST " + device + "/events", i -> BenchRequest.as("ann").path("user", "ann")
              .path("device", "thermo-1").body("{\"at\":\"" + benchTime() + "\",\"seq\":" + i
                  + ",\"type\":\"temperature\",\"value\":21.5}")),
          BenchCase.route(d, "POST " + device + "/events/batch", i -> BenchRequest.as("ann").path("user", "ann")
              .path("device", "thermo-1").body(batch(i))),
          BenchCase.<DevicesServices>route(d, "DELETE " + device, i -> BenchRequest.as("ann").path("user", "ann")
              .path("device", "gone-" + i))
              .before((s, i) -> {
                s.registry().add("ann", "gone-" + i, "Doomed", "sensor");
                s.events().recordBatch("ann", "gone-" + i, List.of(
                    new Events.EventInput(benchTime(), 0, "temperature", BigDecimal.ONE),
                    new Events.EventInput(benchTime(), 1, "temperature", BigDecimal.TEN)));
              }),
          BenchCase.<DevicesServices>route(d, "PUT " + device + "/tags", i -> BenchRequest.as("ann").path("user", "ann")
              .path("device", "plug-1").body(i % 2 == 0 ? "{\"tags\":[\"desk\",\"office\"]}" : "{\"tags\":[\"desk\"]}"))
              .ifMatch(s -> s.registry().get("ann", "plug-1").version()),
          BenchCase.route(d, "GET /users/{user}/tags/{tag}/devices", i -> BenchRequest.as("ann").path("user", "ann")
              .path("tag", "kitchen")),
          BenchCase.route(d, "GET /analytics/events", i -> BenchRequest.asMemberOf("ops", Devices.OPERATORS)
              .query("type", "temperature").query("since", from(Clock.systemUTC()))),
          BenchCase.route(d, "GET /analytics/device-status", i -> BenchRequest.asMemberOf("ops", Devices.OPERATORS)),
          BenchCase.route(d, "GET /analytics/active-users", i -> BenchRequest.asMemberOf("ops", Devices.OPERATORS)
              .query("days", "30")),
          BenchCase.route(d, Endpoint.HEALTH_ROUTE, i -> BenchRequest.anonymous()));
    }

    /** An event time the route accepts: a minute ago. */
    private static String benchTime() {
      return Timestamps.format(Instant.now().truncatedTo(ChronoUnit.MILLIS).minus(Duration.ofMinutes(1)));
    }

    /** A batch of three events, sequences unique to invocation {@code i}. */
    private static String batch(int i) {
      String at = benchTime();
      StringBuilder b = new StringBuilder("{\"events\":[");
      for (int k = 0; k < 3; k++) {
        b.append(k == 0 ? "" : ",").append("{\"at\":\"").append(at).append("\",\"seq\":").append(i * 3 + k)
            .append(",\"type\":\"temperature\",\"value\":").append(20 + k).append('}');
      }
      return b.append("]}").toString();
    }

    @Override
    public Set<String> coldSubset() {
      return Set.of("GetDeviceHandler");
    }

    @Override
    public List<String> scalePatterns() {
      return List.of("AP02", "AP04", "AP05", "AP14");
    }

    @Override
    public Peer peer() {
      return null;
    }
  }
}

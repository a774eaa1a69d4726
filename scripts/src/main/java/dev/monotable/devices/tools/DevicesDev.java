package dev.monotable.devices.tools;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import dev.monotable.devices.Devices;
import dev.monotable.devices.DevicesKeys;
import dev.monotable.devices.DevicesPattern;
import dev.monotable.devices.charts.DevicesCharts;
import dev.monotable.devices.functions.AddDeviceHandler;
import dev.monotable.devices.functions.DashboardHandler;
import dev.monotable.devices.functions.DevicesServices;
import dev.monotable.devices.functions.GetDeviceHandler;
import dev.monotable.devices.functions.GetUserHandler;
import dev.monotable.devices.functions.ListDevicesHandler;
import dev.monotable.devices.functions.ListEventsHandler;
import dev.monotable.devices.functions.PutUserHandler;
import dev.monotable.devices.functions.RecordEventHandler;
import dev.monotable.devices.functions.UpdateDeviceStatusHandler;
import dev.monotable.devices.data.Events;
import dev.monotable.devices.data.Profiles;
import dev.monotable.devices.data.Registry;
import dev.monotable.devices.model.Device;
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
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.local.LocalDomain;
import dev.monotable.kit.ops.BackfillRules;
import dev.monotable.kit.ops.CounterCheck;
import dev.monotable.kit.ops.OpsDomain;
import dev.monotable.kit.ops.ReadPattern;
import dev.monotable.kit.tools.DevDomain;
import java.math.BigDecimal;
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

  private static final String DEMO_TIME = "2026-01-01T00:00:00.000Z";
  /** The demo events' day: the range the samples, examples and bench cases read. */
  private static final String DAY_FROM = "2026-01-01T00:00:00.000Z";
  private static final String DAY_TO = "2026-01-01T23:59:59.999Z";

  /** The demo dataset: user ann with a thermostat (six readings) and a plug. */
  static void seed(DevicesServices s) {
    s.profiles().create("ann", "Ann Example", "ann@example.com");
    s.registry().add("ann", "thermo-1", "Kitchen thermostat", "thermostat");
    s.registry().add("ann", "plug-1", "Desk plug", "plug");
    for (int h = 0; h < 6; h++) {
      s.events().record("ann", "thermo-1", String.format("2026-01-01T%02d:00:00.000Z", h * 4), 0, "temperature",
          new BigDecimal("20.5").add(BigDecimal.valueOf(h)));
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
    return new Local();
  }

  @Override
  public OpsDomain ops() {
    return new Ops();
  }

  @Override
  public DocsDomain docs() {
    return new Docs();
  }

  @Override
  public BenchDomain<?> bench() {
    return new Bench();
  }

  /** Handlers over one table, and the demo entry. */
  static final class Local implements LocalDomain {
    @Override
    public Domain domain() {
      return Devices.DOMAIN;
    }

    @Override
    public Wiring wire(TableGateway table, JwtVerifier verifier) {
      DevicesServices services = new DevicesServices(table, verifier);
      return new Wiring() {
        @Override
        public RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> route(String handlerClass) {
          Map<String, Function<DevicesServices, RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse>>>
              handlers = Map.of(
                  PutUserHandler.class.getName(), PutUserHandler::new,
                  GetUserHandler.class.getName(), GetUserHandler::new,
                  ListDevicesHandler.class.getName(), ListDevicesHandler::new,
                  AddDeviceHandler.class.getName(), AddDeviceHandler::new,
                  GetDeviceHandler.class.getName(), GetDeviceHandler::new,
                  UpdateDeviceStatusHandler.class.getName(), UpdateDeviceStatusHandler::new,
                  ListEventsHandler.class.getName(), ListEventsHandler::new,
                  RecordEventHandler.class.getName(), RecordEventHandler::new,
                  DashboardHandler.class.getName(), DashboardHandler::new);
          if (handlers.containsKey(handlerClass)) {
            return handlers.get(handlerClass).apply(services);
          }
          throw new IllegalArgumentException("Devices has no handler " + handlerClass);
        }

        @Override
        public RequestHandler<DynamodbEvent, StreamsEventResponse> stream(String handlerClass) {
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
      return "user ann with devices thermo-1 (six readings on 2026-01-01) and plug-1";
    }

    @Override
    public List<String> examples(String baseUrl) {
      String ann = baseUrl + "/users/ann";
      String token = " -H \"Authorization: Bearer $(scripts/token ann)\" ";
      return List.of("curl -s" + token + ann + "/dashboard",
          "curl -s" + token + ann + "/devices",
          "curl -s" + token + "'" + ann + "/devices/thermo-1/events?from=" + DAY_FROM + "&to=" + DAY_TO + "'",
          "curl -s -X PATCH" + token + ann + "/devices/plug-1 -H 'if-match: \"1\"' -H 'content-type: application/json'"
              + " -d '{\"status\":\"online\"}'");
    }
  }

  /** Read patterns, backfill and scale data for the operator tools. */
  static final class Ops implements OpsDomain {
    @Override
    public Domain domain() {
      return Devices.DOMAIN;
    }

    @Override
    public EntityModel entities() {
      return DevicesCharts.MODEL;
    }

    @Override
    public List<ReadPattern> readPatterns() {
      return List.of(
          new ReadPattern(DevicesPattern.AP01, List.of("user"), false, ReadPattern.Sample.of(null, "ann"),
              (table, caller, p, page) -> one(new Profiles(table).get(p.get(0)).toItem())),
          new ReadPattern(DevicesPattern.AP02, List.of("user"), false, ReadPattern.Sample.of(null, "ann"),
              (table, caller, p, page) -> new Registry(table).list(p.get(0), page).map(Device::toItem)),
          new ReadPattern(DevicesPattern.AP03, List.of("user", "device"), false,
              ReadPattern.Sample.of(null, "ann", "thermo-1"),
              (table, caller, p, page) -> one(new Registry(table).get(p.get(0), p.get(1)).toItem())),
          new ReadPattern(DevicesPattern.AP04, List.of("user", "device", "from", "to"), false,
              ReadPattern.Sample.of(null, "ann", "thermo-1", DAY_FROM, DAY_TO),
              (table, caller, p, page) -> new Events(table).range(p.get(0), p.get(1), p.get(2), p.get(3), page)
                  .map(Event::toItem)),
          new ReadPattern(DevicesPattern.AP14, List.of("user"), false, ReadPattern.Sample.of(null, "ann"),
              (table, caller, p, page) -> dashboardItems(new Registry(table).dashboard(p.get(0), page))));
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
          return Set.of(UserProfile.TYPE, Device.TYPE, Event.TYPE);
        }

        @Override
        public Optional<Map<String, AttributeValue>> remap(Map<String, AttributeValue> item) {
          return switch (item.getOrDefault("Type", AttributeValue.fromS("")).s()) {
            case UserProfile.TYPE -> Optional.of(UserProfile.fromItem(item).toItem());
            case Device.TYPE -> Optional.of(Device.fromItem(item).toItem());
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
      // One user per 100 items: its profile, 9 devices and 10 events of each.
      for (int i = 0; i < n; i++) {
        String user = "scale-" + seed + "-" + (i / 100);
        int k = i % 100;
        if (k == 0) {
          sink.accept(new UserProfile(user, "Scale user", user + "@example.com", DEMO_TIME).toItem());
        } else if (k <= 9) {
          sink.accept(new Device(user, "d" + k, "Device " + k, "sensor", "online", 1, DEMO_TIME, DEMO_TIME).toItem());
        } else {
          int device = 1 + (k - 10) % 9;
          sink.accept(new Event(user, "d" + device, String.format("2026-01-01T%02d:00:00.000Z", (k - 10) / 9), 0,
              "temperature", BigDecimal.valueOf(k), DEMO_TIME).toItem());
        }
      }
    }
  }

  /** What the docs generator prints of Devices beyond its declarations; docs go to docs/devices/. */
  static final class Docs implements DocsDomain {
    @Override
    public Domain domain() {
      return Devices.DOMAIN;
    }

    @Override
    public EntityModel entities() {
      return DevicesCharts.MODEL;
    }

    @Override
    public String folder() {
      return "docs/devices";
    }

    @Override
    public List<Relationship> relationships() {
      return List.of(
          new Relationship(UserProfile.TYPE, Device.TYPE, Cardinality.ONE_TO_MANY, "owns",
              List.of(Strategy.ITEM_COLLECTION, Strategy.SPARSE_INDEX),
              List.<AccessPatternSpec>of(DevicesPattern.AP02, DevicesPattern.AP03, DevicesPattern.AP07,
                  DevicesPattern.AP14)),
          new Relationship(Device.TYPE, Event.TYPE, Cardinality.ONE_TO_MANY, "reports",
              List.of(Strategy.ITEM_COLLECTION, Strategy.DENORMALISED_COPY),
              List.<AccessPatternSpec>of(DevicesPattern.AP04, DevicesPattern.AP13, DevicesPattern.AP14)));
    }

    @Override
    public String keySegments() {
      return "`{user}` and `{device}` are ids: 1-64 lower-case letters, digits or hyphens, starting and ending "
          + "with a letter or digit. `{ts}` is the event's time (ISO-8601 UTC with milliseconds, so text order is "
          + "time order) and `{seq}` the client's sequence at that time, 8 digits zero-padded.";
    }

    @Override
    public String erdNotes() {
      return "Seed 002's layout: one partition per user holds the profile (`#PROFILE`, first), each device "
          + "(`DEVICE#{device}`) and, right after it, the device's events (`DEVICE#{device}#EVENT#{ts}#{seq}`). "
          + "A device's events in a time range are one `BETWEEN` on the sort key. The seed lists devices with "
          + "`begins_with(SK, DEVICE#)` on the table, a range that also holds every event; Devices writes only "
          + "profiles and devices to GSI1, so the same `begins_with` there reads devices alone, and the seed's "
          + "dashboard is one Query of the user's GSI1 partition: the profile, then each device with a copy of "
          + "its newest event (`Latest*`), written in the event's own transaction; no event item is read.";
    }

    @Override
    public String routeSource() {
      return "`Devices.endpoints()`";
    }

    @Override
    public String optionalAuthUse() {
      return "nothing more";
    }

    @Override
    public ApiShape shape(Endpoint endpoint) {
      return switch (endpoint.routeKey()) {
        case "PUT /users/{user}" -> ApiShape.create("create a user's profile", "User",
            JsonSchema.closedObject(List.of("name", "email"), "name", JsonSchema.string(1, 100),
                "email", JsonSchema.string(3, 254)));
        case "GET /users/{user}" -> ApiShape.read("get a user's profile", JsonSchema.ref("User"));
        case "GET /users/{user}/dashboard" -> new ApiShape(
            "the user's profile (first page only) and devices, each with its latest event", 200,
            JsonSchema.ref("Dashboard"), null, false, JsonSchema.paging(Map.of()), false);
        case "GET /users/{user}/devices" -> ApiShape.list("list a user's devices, in id order", "Device");
        case "PUT /users/{user}/devices/{device}" -> ApiShape.create("add a device (offline, version 1)", "Device",
            JsonSchema.closedObject(List.of("name", "kind"), "name", JsonSchema.string(1, 100),
                "kind", JsonSchema.string(1, 40)));
        case "GET /users/{user}/devices/{device}" -> ApiShape.read("get a device", JsonSchema.ref("Device"));
        case "PATCH /users/{user}/devices/{device}" -> new ApiShape("update a device's status", 200,
            JsonSchema.ref("Device"), JsonSchema.closedObject(List.of("status"), "status",
                JsonSchema.enumOf(Device.STATUSES)), true, Map.of(), true);
        case "GET /users/{user}/devices/{device}/events" -> new ApiShape(
            "a device's events from `from` to `to` (both inclusive), newest first", 200, JsonSchema.page("Event"),
            null, false, JsonSchema.paging(rangeParameters()), false);
        case "POST /users/{user}/devices/{device}/events" -> ApiShape.create("record one event", "Event",
            JsonSchema.closedObject(List.of("at", "type", "value"), "at", JsonSchema.timestamp(),
                "seq", JsonSchema.integer(0, DevicesKeys.SEQ_MAX), "type", JsonSchema.string(1, 40),
                "value", JsonSchema.type("number")));
        default -> throw new IllegalArgumentException("no shape for " + endpoint.routeKey());
      };
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
      m.put("Device", JsonSchema.record("user", JsonSchema.string(), "device", JsonSchema.string(),
          "name", JsonSchema.string(), "kind", JsonSchema.string(), "status", JsonSchema.enumOf(Device.STATUSES),
          "version", JsonSchema.atLeast(1), "createdAt", JsonSchema.timestamp(), "updatedAt", JsonSchema.timestamp(),
          "latest", JsonSchema.described(JsonSchema.nullable(JsonSchema.record("at", JsonSchema.timestamp(),
              "seq", JsonSchema.integer(0, DevicesKeys.SEQ_MAX), "type", JsonSchema.string(),
              "value", JsonSchema.type("number"))), "a copy of the device's newest event; null before the first")));
      Map<String, Object> devices = JsonSchema.type("array");
      devices.put("items", JsonSchema.ref("Device"));
      m.put("Dashboard", JsonSchema.record("user", JsonSchema.described(new LinkedHashMap<>(Map.of("anyOf",
          List.of(JsonSchema.ref("User"), JsonSchema.type("null")))), "the profile on the first page; null on later pages"), "devices", devices,
          "nextCursor", JsonSchema.described(JsonSchema.nullableString(),
              "opaque cursor of the next page; null on the last page")));
      m.put("Event", JsonSchema.record("device", JsonSchema.string(), "at", JsonSchema.timestamp(),
          "seq", JsonSchema.integer(0, DevicesKeys.SEQ_MAX), "type", JsonSchema.string(),
          "value", JsonSchema.type("number")));
      return m;
    }

    @Override
    public Map<String, Object> pathParameter(String name) {
      return JsonSchema.pattern(DevicesKeys.ID.pattern());
    }

    @Override
    public String openApiSources() {
      return "Devices's endpoint declarations";
    }

    @Override
    public String contractIntro() {
      return "Devices stores users, their devices and the devices' events (seed 002). This first slice serves "
          + "profiles, devices, a device's status, its events in a time range and the user's dashboard, each to "
          + "its own user only.";
    }

    @Override
    public String requestBudget() {
      return "Every read and every write is one DynamoDB request (a write that must find its parent is one "
          + "TransactWriteItems); recording an event older than its device's latest takes a second one.";
    }

    @Override
    public String notFoundCase() {
      return "the user or device does not exist";
    }

    @Override
    public String conflictCase() {
      return "the user, device or event (same time and sequence) exists";
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
          new InputRule("`name`", "1-100 characters; `kind`, `type`: 1-40 characters"),
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
          - Both refusals come before any DynamoDB request.""";
    }

    @Override
    public String streamEffects() {
      return "None.";
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
              .path("device", "thermo-1").query("from", DAY_FROM).query("to", DAY_TO)),
          BenchCase.route(d, "POST " + device + "/events", i -> BenchRequest.as("ann").path("user", "ann")
              .path("device", "thermo-1").body("{\"at\":\"2026-01-02T00:00:00.000Z\",\"seq\":" + i
                  + ",\"type\":\"temperature\",\"value\":21.5}")));
    }

    @Override
    public Set<String> coldSubset() {
      return Set.of("GetDeviceHandler");
    }

    @Override
    public List<String> scalePatterns() {
      return List.of("AP02", "AP04", "AP14");
    }

    @Override
    public Peer peer() {
      return null;
    }
  }
}

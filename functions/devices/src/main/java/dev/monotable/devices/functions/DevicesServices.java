package dev.monotable.devices.functions;

import dev.monotable.devices.Devices;
import dev.monotable.devices.DevicesPattern;
import dev.monotable.devices.data.Events;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.http.Response;
import dev.monotable.kit.http.Routes;
import dev.monotable.kit.http.ServicesSeam;
import java.util.List;
import dev.monotable.devices.EntityFirstTables;
import dev.monotable.devices.migrate.OldReads;
import dev.monotable.kit.Env;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.log.Emf;
import dev.monotable.kit.migrate.lambda.MigrationSignals;
import dev.monotable.kit.migrate.ReadSwitch;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import dev.monotable.devices.data.Events;
import dev.monotable.devices.data.Profiles;
import dev.monotable.devices.data.Registry;
import dev.monotable.devices.data.Stats;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.lambda.ContainerServices;
import dev.monotable.kit.http.Request;

/**
 * What Devices's handlers depend on, built once per container ({@link #fromEnvironment}) or
 * given by a test: the kit's seam plus the typed data access.
 */
public final class DevicesServices extends ServicesSeam {
  private static final ContainerServices<DevicesServices> CONTAINER = new ContainerServices<>(DevicesServices::new);

  /**
   * The methods that serve Devices' routes, by the pattern each route serves. The kit's handler checks the
   * route's declared access first ({@code {user}} the caller's own, or an operator), so a method reads the
   * path's {@code {user}} as the owner's.
   */
  private static final Routes<DevicesServices> ROUTES = Routes.of(DevicesServices.class)
      .serve(DevicesPattern.AP12, DevicesServices::putUser)
      .serve(DevicesPattern.AP01, DevicesServices::getUser)
      .serve(DevicesPattern.AP02, DevicesServices::listDevices)
      .serve(DevicesPattern.AP07, DevicesServices::addDevice)
      .serve(DevicesPattern.AP03, DevicesServices::getDevice)
      .serve(DevicesPattern.AP06, DevicesServices::updateDevice)
      .serve(DevicesPattern.AP08, DevicesServices::deleteDevice)
      .serve(DevicesPattern.AP04, DevicesServices::listEvents)
      .serve(DevicesPattern.AP13, DevicesServices::recordEvent)
      .serve(DevicesPattern.AP15, DevicesServices::recordEvents)
      .serve(DevicesPattern.AP16, DevicesServices::setTags)
      .serve(DevicesPattern.AP17, DevicesServices::devicesByTag)
      .serve(DevicesPattern.AP05, DevicesServices::userEvents)
      .serve(DevicesPattern.AP14, DevicesServices::dashboard)
      .serve(DevicesPattern.AP09, DevicesServices::eventsOfType)
      .serve(DevicesPattern.AP10, DevicesServices::countsByStatus)
      .serve(DevicesPattern.AP11, DevicesServices::activeUsers);

  private final Profiles profiles;
  private final Registry registry;
  private final Events events;
  private final Stats stats;
  private final ReadSwitch reads;
  private final OldReads old;

  /**
   * The services of a function: its reads switched by {@link Env#MIGRATION_READS} (unset: every pattern reads
   * the single table), the old tables named by {@link Env#MIGRATION_OLD_PREFIX}.
   *
   * @throws IllegalArgumentException a malformed {@code MIGRATION_READS}, or one naming a pattern that has no
   *     old read, or one reading the old design without {@code MIGRATION_OLD_PREFIX}: at cold start, not on a
   *     request
   */
  public DevicesServices(TableGateway table, JwtVerifier verifier) {
    this(table, verifier, ReadSwitch.fromEnvironment(ReadSwitch.Side.NEW,
        MigrationSignals.of(Emf.service(Devices.DOMAIN.name())).reads()), Env.get(Env.MIGRATION_OLD_PREFIX));
  }

  /**
   * @param reads which side answers each switchable pattern
   * @param oldPrefix the old tables' name prefix; null when no pattern reads them
   */
  public DevicesServices(TableGateway table, JwtVerifier verifier, ReadSwitch reads, String oldPrefix) {
    super(Devices.DOMAIN, table, verifier);
    this.reads = reads.requireKnown(EntityFirstTables.DESIGN.reads().keySet());
    boolean readsOld = EntityFirstTables.DESIGN.reads().keySet().stream()
        .anyMatch(p -> reads.side(p) != ReadSwitch.Side.NEW);
    if (readsOld && oldPrefix == null) {
      throw new IllegalArgumentException(Env.MIGRATION_READS + " reads the old design: " + Env.MIGRATION_OLD_PREFIX
          + " must name its tables");
    }
    this.old = oldPrefix == null ? null : new OldReads(table, EntityFirstTables.prefixed(oldPrefix));
    this.profiles = new Profiles(table);
    this.registry = new Registry(table);
    this.events = new Events(table);
    this.stats = new Stats(table);
  }

  /** The container's services, built on first use from the environment. */
  public static DevicesServices fromEnvironment() {
    return CONTAINER.get();
  }

  /**
   * A switchable read's answer, from the side {@link Env#MIGRATION_READS} names for {@code pattern}: the
   * single table's ({@code now}), the old tables' ({@code old}), or under {@code both} the old one, with a
   * difference of their items reported. A page continued from a cursor under {@code both} is read on the old
   * side alone: the cursor is the old side's.
   *
   * @param key the read's arguments, for a difference's report
   */
  Map<String, Object> read(DeclaredPattern pattern, Request r, String key, Function<OldReads, Map<String, Object>> old,
      Supplier<Map<String, Object>> now) {
    ReadSwitch.Side side = reads.side(pattern.name());
    if (side == ReadSwitch.Side.BOTH && r.query("cursor") != null) {
      side = ReadSwitch.Side.OLD;
    }
    return reads.read(side, pattern.name(), key, () -> old.apply(this.old), now, Views::compared);
  }

  /** PUT /users/{user} (AP12: one conditional PutItem; 409 when the user exists). */
  Response putUser(Request r) {
    return Response.created(Views.user(profiles.create(r.path("user"), r.requiredString("name"),
        r.requiredString("email"))));
  }

  /** GET /users/{user} (AP01: one GetItem; of Users while MIGRATION_READS reads AP01 from the old design). */
  Response getUser(Request r) {
    String user = r.path("user");
    return Response.ok(read(DevicesPattern.AP01, r, "user=" + user, old -> Views.user(old.profile(user)),
        () -> Views.user(profiles.get(user))));
  }

  /** GET /users/{user}/devices (AP02: one Query of GSI1, paginated; of Devices-ByUserId on the old side). */
  Response listDevices(Request r) {
    String user = r.path("user");
    return Response.ok(read(DevicesPattern.AP02, r, "user=" + user,
        old -> Views.page(old.devices(user, r.page()), Views::device),
        () -> Views.page(registry.list(user, r.page()), Views::device)));
  }

  /** PUT /users/{user}/devices/{device} (AP07: one TransactWriteItems; 404 without the user, 409 when the device exists). */
  Response addDevice(Request r) {
    return Response.created(Views.device(registry.add(r.path("user"), r.path("device"),
        r.requiredString("name"), r.requiredString("kind"))));
  }

  /** GET /users/{user}/devices/{device} (AP03: one GetItem; of Devices on the old side). */
  Response getDevice(Request r) {
    String user = r.path("user");
    String device = r.path("device");
    return Response.ok(read(DevicesPattern.AP03, r, "user=" + user + " device=" + device,
        old -> Views.device(old.device(user, device)), () -> Views.device(registry.get(user, device))));
  }

  /** PATCH /users/{user}/devices/{device} (AP06: one UpdateItem of status and/or name; 412 on a stale If-Match). */
  Response updateDevice(Request r) {
    return Response.ok(Views.device(registry.update(r.path("user"), r.path("device"), r.string("status"),
        r.string("name"), r.ifMatch())));
  }

  /**
   * DELETE /users/{user}/devices/{device} (AP08: 202 with the progress while items are left, call again to
   * resume; 200 when the device and all its events are gone).
   */
  Response deleteDevice(Request r) {
    Registry.Removal removal = registry.delete(r.path("user"), r.path("device"));
    return new Response(removal.done() ? 200 : 202, Views.removal(removal), Map.of());
  }

  /**
   * GET /users/{user}/devices/{device}/events (AP04: one Query, newest first, paginated; of Events-ByDeviceId on
   * the old side).
   */
  Response listEvents(Request r) {
    String user = r.path("user");
    String from = r.query("from");
    String to = r.query("to");
    if (from == null || to == null) {
      throw new ValidationException(from == null ? "from" : "to", "from and to are required");
    }
    String device = r.path("device");
    return Response.ok(read(DevicesPattern.AP04, r, "user=" + user + " device=" + device,
        old -> Views.page(old.deviceEvents(user, device, from, to, r.page()), Views::event),
        () -> Views.page(events.range(user, device, from, to, r.page()), Views::event)));
  }

  /**
   * POST /users/{user}/devices/{device}/events (AP13: GetItem of the device, PutItem of the event; 404 without
   * the device, 409 for a recorded event).
   */
  Response recordEvent(Request r) {
    return Response.created(Views.event(events.record(r.path("user"), r.path("device"),
        Views.eventInput(r.body(), ""))));
  }

  /**
   * POST /users/{user}/devices/{device}/events/batch (AP15: up to 25 events, one BatchWriteItem; 200 when all
   * are written, 207 with the unprocessed ones to resend).
   */
  Response recordEvents(Request r) {
    List<Events.EventInput> inputs = Views.eventInputs(r.body().get("events"));
    Events.BatchResult result = events.recordBatch(r.path("user"), r.path("device"), inputs);
    return new Response(result.unprocessed().isEmpty() ? 200 : 207, Views.batch(inputs.size(), result), Map.of());
  }

  /**
   * PUT /users/{user}/devices/{device}/tags (AP16: GetItem, then one transaction keeping the tag items in step;
   * 412 on a stale If-Match).
   */
  Response setTags(Request r) {
    return Response.ok(Views.device(registry.setTags(r.path("user"), r.path("device"),
        Views.strings("tags", r.body().get("tags")), r.ifMatch())));
  }

  /** GET /users/{user}/tags/{tag}/devices (AP17: one GSI2 Query of the tag's inverted entries). */
  Response devicesByTag(Request r) {
    return Response.ok(Views.page(registry.byTag(r.path("user"), r.path("tag"), r.page()), Views::tag));
  }

  /**
   * GET /users/{user}/events (AP05: one GSI1 Query, the user's events across devices, newest first;
   * Events-ByUserId on the old side).
   */
  Response userEvents(Request r) {
    String user = r.path("user");
    String from = Views.required(r, "from");
    String to = Views.required(r, "to");
    return Response.ok(read(DevicesPattern.AP05, r, "user=" + user,
        old -> Views.page(old.userEvents(user, from, to, r.page()), Views::event),
        () -> Views.page(events.byUser(user, from, to, r.page()), Views::event)));
  }

  /** GET /users/{user}/dashboard (AP14: one Query of GSI1: the profile, then the devices with their latest event). */
  Response dashboard(Request r) {
    return Response.ok(Views.dashboard(registry.dashboard(r.path("user"), r.page())));
  }

  /**
   * GET /analytics/events?type=&since= (AP09, operators only: one GSI2 Query per shard of the type, merged; one
   * Query of Events-ByType on the old side).
   */
  Response eventsOfType(Request r) {
    String type = Views.required(r, "type");
    String since = Views.required(r, "since");
    return Response.ok(read(DevicesPattern.AP09, r, "type=" + type,
        old -> Views.page(old.eventsOfType(type, since, r.page()), Views::eventOfUser),
        () -> Views.page(events.ofType(type, since, r.page()), Views::eventOfUser)));
  }

  /** GET /analytics/device-status (AP10, operators only: one BatchGetItem of the count shards). */
  Response countsByStatus(Request r) {
    return Response.ok(Map.of("counts", stats.deviceStatusCounts()));
  }

  /** GET /analytics/active-users?days=30 (AP11, operators only: one Query of GSI2's sparse ACTIVE partition). */
  Response activeUsers(Request r) {
    return Response.ok(Views.page(profiles.active(Views.days(r.query("days")), r.page()), Views::active));
  }

  @Override
  public Routes<DevicesServices> routes() {
    return ROUTES;
  }

  public Stats stats() {
    return stats;
  }

  public Profiles profiles() {
    return profiles;
  }

  public Registry registry() {
    return registry;
  }

  public Events events() {
    return events;
  }

}

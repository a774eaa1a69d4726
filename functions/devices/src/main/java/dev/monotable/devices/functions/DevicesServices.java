package dev.monotable.devices.functions;

import dev.monotable.devices.Devices;
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
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.errors.ForbiddenException;
import dev.monotable.kit.http.DomainServices;
import dev.monotable.kit.lambda.ContainerServices;
import dev.monotable.kit.http.Request;
import java.util.Locale;

/**
 * What Devices's handlers depend on, built once per container ({@link #fromEnvironment}) or
 * given by a test: the kit's seam plus the typed data access.
 */
public final class DevicesServices implements DomainServices {
  private static final ContainerServices<DevicesServices> CONTAINER = new ContainerServices<>(DevicesServices::new);

  private final TableGateway table;
  private final JwtVerifier verifier;
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
    this.reads = reads.requireKnown(EntityFirstTables.DESIGN.reads().keySet());
    boolean readsOld = EntityFirstTables.DESIGN.reads().keySet().stream()
        .anyMatch(p -> reads.side(p) != ReadSwitch.Side.NEW);
    if (readsOld && oldPrefix == null) {
      throw new IllegalArgumentException(Env.MIGRATION_READS + " reads the old design: " + Env.MIGRATION_OLD_PREFIX
          + " must name its tables");
    }
    this.old = oldPrefix == null ? null : new OldReads(table, EntityFirstTables.prefixed(oldPrefix));
    this.table = table;
    this.verifier = verifier;
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
   * The path's {@code {user}}, once the caller is that user: every Devices route reads or writes
   * one user's partition, and only its user may. Anonymous (or an invalid token) is a 401, another
   * user a 403, both before any DynamoDB request. Names are compared ignoring case; a
   * {@code {user}} that is no id is then refused by the keys (400).
   */
  public String owner(Request request) {
    String caller = request.requireCaller();
    String user = request.path("user");
    if (!caller.toLowerCase(Locale.ROOT).equals(user.toLowerCase(Locale.ROOT))) {
      throw new ForbiddenException("only " + user + " may read or write " + user + "'s profile, devices and events");
    }
    return user;
  }

  /**
   * The caller, once it is an operator (user pool group {@link Devices#OPERATORS}): the analytics
   * routes read across users. Anonymous is a 401, anyone else a 403, both before any request.
   */
  public String operator(Request request) {
    return request.requireGroup(Devices.OPERATORS);
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

  @Override
  public Domain domain() {
    return Devices.DOMAIN;
  }

  @Override
  public TableGateway table() {
    return table;
  }

  @Override
  public JwtVerifier verifier() {
    return verifier;
  }
}

package dev.monotable.devices.functions;

import dev.monotable.devices.Devices;
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

  public DevicesServices(TableGateway table, JwtVerifier verifier) {
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

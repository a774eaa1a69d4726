package dev.monotable.devices.bench;

import dev.monotable.devices.data.Events;
import dev.monotable.devices.data.Profiles;
import dev.monotable.devices.data.Registry;
import dev.monotable.devices.model.Device;
import dev.monotable.devices.model.Event;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The single-table side of {@code scripts/compare-designs}: each of seed 002's patterns through the
 * Devices domain's own data-access classes, on the one table, every page of a list read. Answers
 * are the views of {@link Views}, so they compare with the entity-first side's.
 *
 * <p>A pattern the domain does not serve yet answers {@link Optional#empty()} and the report says
 * "not landed"; the methods the domain's plan names are listed in {@link #PENDING}, and each
 * empty method says which call it is waiting for. Nothing here stubs the domain.
 */
public final class SingleTableSide {

  /** The domain methods this side waits for, by seed pattern (the lead's plan; adapt the names on merge). */
  public static final List<String> PENDING = List.of(
      "5: Events.byUser(user, from, to, PageRequest) -> Page<Event>, one Query of GSI1, newest first",
      "8: Registry.delete(user, device) (or the route's method) -> events deleted, batched and resumable",
      "9: Events.ofType(type, since, limit) -> events newest first, one Query per shard of GSI2, merged",
      "10: Registry.countByStatus() (or the stream-kept counters' reader) -> counts, one BatchGetItem of the shards",
      "11: Profiles.activeSince(since) (or the sparse GSI2 reader) -> user ids, one Query");

  private static final int PAGE = PageRequest.MAX_LIMIT;

  private final Profiles profiles;
  private final Registry registry;
  private final Events events;

  public SingleTableSide(TableGateway table) {
    this.profiles = new Profiles(table);
    this.registry = new Registry(table);
    this.events = new Events(table);
  }

  /** 1. AP01 {@code Profiles.get}: one GetItem. */
  public Optional<String> profile(String user) {
    return Optional.of(Views.profile(profiles.get(user)));
  }

  /** 2. AP02 {@code Registry.list}: one Query of GSI1 per page. */
  public Optional<List<String>> devices(String user) {
    List<String> out = new ArrayList<>();
    PageRequest page = PageRequest.first(PAGE);
    while (true) {
      Page<Device> p = registry.list(user, page);
      p.items().forEach(d -> out.add(Views.device(d)));
      if (p.nextCursor() == null) {
        return Optional.of(out);
      }
      page = new PageRequest(PAGE, p.nextCursor());
    }
  }

  /** 3. AP03 {@code Registry.get}: one GetItem. */
  public Optional<String> device(String user, String device) {
    return Optional.of(Views.device(registry.get(user, device)));
  }

  /** 4. AP04 {@code Events.range}: one Query of the user's partition per page, newest first. */
  public Optional<List<String>> deviceEvents(String user, String device, String from, String to) {
    List<String> out = new ArrayList<>();
    PageRequest page = PageRequest.first(PAGE);
    while (true) {
      Page<Event> p = events.range(user, device, from, to, page);
      p.items().forEach(e -> out.add(Views.event(e)));
      if (p.nextCursor() == null) {
        return Optional.of(out);
      }
      page = new PageRequest(PAGE, p.nextCursor());
    }
  }

  /** 5. AP05, not in the domain yet: {@code Events.byUser(user, from, to, PageRequest)}. */
  public Optional<List<String>> userEvents(String user, String from, String to) {
    return Optional.empty(); // TODO(AP05): Events.byUser, every page, Views.event of each
  }

  /** 6. AP06 {@code Registry.updateStatus}: one UpdateItem; the device after. */
  public Optional<String> updateStatus(String user, String device, String status) {
    return Optional.of(Views.device(registry.updateStatus(user, device, status, null)));
  }

  /** 7. AP07 {@code Registry.add}: one TransactWriteItems (the profile checked, the device put). */
  public Optional<String> addDevice(String user, String device, String name, String kind) {
    return Optional.of(Views.device(registry.add(user, device, name, kind)));
  }

  /** 8. AP08, not in the domain yet: the device and its events deleted; answers the events deleted. */
  public Optional<Integer> deleteDevice(String user, String device) {
    return Optional.empty(); // TODO(AP08): the domain's deletion, run to the end
  }

  /** 9. AP09, not in the domain yet: {@code Events.ofType(type, since, limit)}. */
  public Optional<List<String>> eventsOfType(String type, String since, int limit) {
    return Optional.empty(); // TODO(AP09): Events.ofType, Views.event of each
  }

  /** 10. AP10, not in the domain yet: counts by status from the stream-kept shards. */
  public Optional<List<String>> countByStatus() {
    return Optional.empty(); // TODO(AP10): Views.counts of the domain's counts
  }

  /** 11. AP11, not in the domain yet: users active since a time from the sparse index. */
  public Optional<List<String>> activeUsers(String since) {
    return Optional.empty(); // TODO(AP11): the user ids in id order
  }

  /** The dashboard, AP14 {@code Registry.dashboard}: one Query of GSI1 per page (one for up to 99 devices). */
  public Optional<List<String>> dashboard(String user) {
    List<String> out = new ArrayList<>();
    PageRequest page = PageRequest.first(PAGE);
    while (true) {
      Registry.Dashboard d = registry.dashboard(user, page);
      if (d.profile() != null) {
        out.add(Views.profile(d.profile()));
      }
      d.devices().items().forEach(x -> out.add(Views.device(x) + " latest " + Views.latest(x)));
      if (d.devices().nextCursor() == null) {
        return Optional.of(out);
      }
      page = new PageRequest(PAGE, d.devices().nextCursor());
    }
  }
}

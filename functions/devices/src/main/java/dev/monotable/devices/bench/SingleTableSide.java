package dev.monotable.devices.bench;

import dev.monotable.devices.data.Events;
import dev.monotable.devices.data.Profiles;
import dev.monotable.devices.data.Registry;
import dev.monotable.devices.model.Device;
import dev.monotable.devices.data.Stats;
import dev.monotable.devices.model.UserProfile;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The single-table side of {@code scripts/compare-designs}: each of seed 002's patterns through the
 * Devices domain's own data-access classes, on the one table, every page of a list read (and a
 * deletion called until it is done). Answers are the views of {@link Views}, so they compare with
 * the entity-first side's. A pattern the domain did not serve would answer {@link Optional#empty()}
 * and the report would say "not landed"; today every one is served, so {@link #PENDING} is empty.
 */
public final class SingleTableSide {

  /** The domain methods this side still waits for, by seed pattern: none. */
  public static final List<String> PENDING = List.of();

  private static final int PAGE = PageRequest.MAX_LIMIT;

  private final Profiles profiles;
  private final Registry registry;
  private final Events events;
  private final Stats stats;

  /** @param table the gateway, its clock the dataset's present (so "the last 30 days" means the same on both sides) */
  public SingleTableSide(TableGateway table) {
    this.profiles = new Profiles(table);
    this.registry = new Registry(table);
    this.events = new Events(table);
    this.stats = new Stats(table);
  }

  /** 1. AP01 {@code Profiles.get}: one GetItem. */
  public Optional<String> profile(String user) {
    return Optional.of(Views.profile(profiles.get(user)));
  }

  /** 2. AP02 {@code Registry.list}: one Query of GSI1 per page. */
  public Optional<List<String>> devices(String user) {
    return Optional.of(all(page -> registry.list(user, page)).stream().map(Views::device).toList());
  }

  /** 3. AP03 {@code Registry.get}: one GetItem. */
  public Optional<String> device(String user, String device) {
    return Optional.of(Views.device(registry.get(user, device)));
  }

  /** 4. AP04 {@code Events.range}: one Query of the user's partition per page, newest first. */
  public Optional<List<String>> deviceEvents(String user, String device, String from, String to) {
    return Optional.of(all(page -> events.range(user, device, from, to, page)).stream().map(Views::event).toList());
  }

  /** 5. AP05 {@code Events.byUser}: one Query of GSI1 per page, newest first. */
  public Optional<List<String>> userEvents(String user, String from, String to) {
    return Optional.of(all(page -> events.byUser(user, from, to, page)).stream().map(Views::event).toList());
  }

  /** 6. AP06 {@code Registry.update} of the status: one UpdateItem; the device after. */
  public Optional<String> updateStatus(String user, String device, String status) {
    return Optional.of(Views.device(registry.update(user, device, status, null, null)));
  }

  /** 7. AP07 {@code Registry.add}: one TransactWriteItems (the profile checked, the device put). */
  public Optional<String> addDevice(String user, String device, String name, String kind) {
    return Optional.of(Views.device(registry.add(user, device, name, kind)));
  }

  /** 8. AP08 {@code Registry.delete}, called until done; answers the events and tags deleted. */
  public Optional<Integer> deleteDevice(String user, String device) {
    Registry.Removal r;
    do {
      r = registry.delete(user, device);
    } while (!r.done());
    return Optional.of((int) r.deletedTotal());
  }

  /** 9. AP09 {@code Events.ofType}: one Query of GSI2 per shard, merged; the newest {@code limit}. */
  public Optional<List<String>> eventsOfType(String type, String since, int limit) {
    return Optional.of(events.ofType(type, since, PageRequest.first(limit)).items().stream().map(Views::event)
        .toList());
  }

  /** 10. AP10 {@code Stats.deviceStatusCounts}: one BatchGetItem of the counter shards. */
  public Optional<List<String>> countByStatus() {
    Map<String, Long> counts = stats.deviceStatusCounts();
    return Optional.of(Device.STATUSES.stream().map(s -> s + "=" + counts.getOrDefault(s, 0L)).toList());
  }

  /** 11. AP11 {@code Profiles.active(30)}: one Query of GSI2's sparse partition per page; the user ids in order. */
  public Optional<List<String>> activeUsers(int days) {
    return Optional.of(all(page -> profiles.active(days, page)).stream().map(UserProfile::user).sorted().toList());
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
      d.devices().items().forEach(x -> out.add(Views.device(x) + " recent " + Views.recent(x)));
      if (d.devices().nextCursor() == null) {
        return Optional.of(out);
      }
      page = new PageRequest(PAGE, d.devices().nextCursor());
    }
  }

  /** Every page of a list, in order. */
  private static <T> List<T> all(Function<PageRequest, Page<T>> read) {
    List<T> out = new ArrayList<>();
    PageRequest page = PageRequest.first(PAGE);
    while (true) {
      Page<T> p = read.apply(page);
      out.addAll(p.items());
      if (p.nextCursor() == null) {
        return out;
      }
      page = new PageRequest(PAGE, p.nextCursor());
    }
  }
}

package dev.monotable.devices.data;

import dev.monotable.devices.keys.DevicesKeys;
import dev.monotable.devices.keys.DevicesKeys.SortRange;
import dev.monotable.devices.model.Device;
import dev.monotable.devices.model.Event;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.data.TableGateway.QuerySpec;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.items.Numbers;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * A device's events: the ingest paths and the reads, each read one request (AP09: one per shard).
 * Every read starts no earlier than the retention horizon ({@link Event#RETENTION} ago): an event
 * past it may wait for TTL's deletion (up to days), and the key condition leaves it unread, so no
 * read shows an expired event and none pays for one.
 */
public final class Events {

  /** Largest magnitude of an event's value, well inside DynamoDB's number range. */
  public static final BigDecimal VALUE_LIMIT = BigDecimal.valueOf(dev.monotable.devices.Devices.VALUE_LIMIT);
  /** How far ahead of the service's clock an event's time may be (device clocks drift). */
  public static final Duration FUTURE_SKEW = Duration.ofMinutes(5);
  /** Events in one batch: BatchWriteItem's limit. */
  public static final int BATCH_MAX = Event.BATCH_MAX;
  /** Requests one batch may make: the first BatchWriteItem and its retries of UnprocessedItems. */
  public static final int BATCH_ATTEMPTS = 4;

  /** A type's cursor is bound to the type: it cannot page through another type's events. */
  private static final String TYPE_SCOPE = "events-of-type:";

  private final TableGateway table;

  public Events(TableGateway table) {
    this.table = table;
  }

  /** One event as a client sends it, before validation. */
  public record EventInput(String at, int seq, String type, BigDecimal value) {}

  /** What a batch did: the events written, and those still unprocessed after the retries (by index). */
  public record BatchResult(List<Event> written, List<Integer> unprocessed) {}

  /**
   * AP13: one GetItem of the device (it must exist and not be being deleted; its name is copied
   * onto the event) and one PutItem of the event, {@code attribute_not_exists(PK)}. The key is the
   * device, the event's time and the client's sequence, so a redelivered event finds its own item
   * and writes nothing. The device's recent events, the user's activity and the event's GSI entries
   * follow from the stream and the item itself.
   *
   * @throws NotFoundException {@code device}: the user has no such device (nothing written)
   * @throws ConflictException {@code event}: an event with this time and sequence exists, or the
   *     device is being deleted (nothing written)
   */
  public Event record(String user, String device, EventInput input) {
    Event draft = validate(user, device, input, "");
    Device d = target(user, device);
    Event e = stamped(draft, d);
    try {
      // Once: the SDK's retry of a write whose answer was lost knows the event it meets as its own.
      table.putIfAbsentOnce(e.toItem());
    } catch (ConditionalCheckFailedException exists) {
      throw new ConflictException("event", "device " + device + " has an event at " + e.at() + " with seq " + e.seq());
    }
    return e;
  }

  /**
   * The batch route: every event validated first (any bad one refuses the whole batch, nothing
   * written), one GetItem of the device, then one BatchWriteItem of up to {@link #BATCH_MAX}
   * puts, its UnprocessedItems retried with jittered backoff, at most {@link #BATCH_ATTEMPTS}
   * requests. The puts are unconditional and the keys derived from the events, so a redelivered
   * batch writes the same items again and nothing twice (an unchanged item writes no stream record).
   *
   * @throws ValidationException an event is invalid, two share a time and sequence, or the batch
   *     is empty or too large (nothing written)
   * @throws NotFoundException {@code device} (nothing written)
   * @throws ConflictException {@code device}: the device is being deleted (nothing written)
   */
  public BatchResult recordBatch(String user, String device, List<EventInput> inputs) {
    if (inputs == null || inputs.isEmpty() || inputs.size() > BATCH_MAX) {
      throw new ValidationException("events", "events must hold 1 to " + BATCH_MAX + " events");
    }
    List<Event> drafts = new ArrayList<>();
    Map<String, Integer> seen = new HashMap<>();
    for (int i = 0; i < inputs.size(); i++) {
      Event e = validate(user, device, inputs.get(i), "events[" + i + "].");
      Integer first = seen.putIfAbsent(e.at() + "#" + e.seq(), i);
      if (first != null) {
        throw new ValidationException("events[" + i + "]", "events[" + i + "] has the same at and seq as events["
            + first + "]");
      }
      drafts.add(e);
    }
    Device d = target(user, device);
    List<Event> events = new ArrayList<>();
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    for (Event draft : drafts) {
      Event e = stamped(draft, d);
      events.add(e);
      items.add(e.toItem());
    }
    List<Map<String, AttributeValue>> left = table.batchPut(items, BATCH_ATTEMPTS);
    Set<Map<String, AttributeValue>> leftKeys = new HashSet<>();
    for (Map<String, AttributeValue> item : left) {
      leftKeys.add(Map.of("PK", item.get("PK"), "SK", item.get("SK")));
    }
    List<Event> written = new ArrayList<>();
    List<Integer> unprocessed = new ArrayList<>();
    for (int i = 0; i < events.size(); i++) {
      Map<String, AttributeValue> item = items.get(i);
      if (leftKeys.contains(Map.of("PK", item.get("PK"), "SK", item.get("SK")))) {
        unprocessed.add(i);
      } else {
        written.add(events.get(i));
      }
    }
    return new BatchResult(written, unprocessed);
  }

  private Event validate(String user, String device, EventInput input, String prefix) {
    if (input.value() == null) {
      throw new ValidationException(prefix + "value", prefix + "value must be a number");
    }
    Numbers.field(prefix + "value", input.value()); // DynamoDB's rules first: 1e-131 is a 400, not a 500
    if (input.value().abs().compareTo(VALUE_LIMIT) >= 0) {
      throw new ValidationException(prefix + "value", prefix + "value must be a number of magnitude below 1e15");
    }
    String at = DevicesKeys.timestamp(prefix + "at", input.at());
    Instant now = table.clock().instant();
    Instant t = Timestamps.parse(at);
    if (t.isBefore(horizon(now)) || t.isAfter(now.plus(FUTURE_SKEW))) {
      throw new ValidationException(prefix + "at", prefix + "at must be within the last " + Event.RETENTION.toDays()
          + " days and at most " + FUTURE_SKEW.toMinutes() + " minutes ahead of the service's clock");
    }
    String type = validType(prefix, input.type());
    Event e = new Event(DevicesKeys.user(user), DevicesKeys.device(device), at, input.seq(), type,
        input.value().stripTrailingZeros(), "", 0, Timestamps.format(now));
    DevicesKeys.event(user, device, at, input.seq()); // the sequence's range, as a key segment
    return e;
  }

  private static String validType(String prefix, String type) {
    try {
      return DevicesKeys.eventType(type);
    } catch (ValidationException bad) {
      throw new ValidationException(prefix + "type", prefix + bad.getMessage());
    }
  }

  private Device target(String user, String device) {
    Device d = table.get(DevicesKeys.device(user, device)).map(Device::fromItem)
        .orElseThrow(() -> new NotFoundException("device"));
    if (d.deletingAt() != null) {
      throw new ConflictException("device", "device " + device + " is being deleted");
    }
    return d;
  }

  private static Event stamped(Event draft, Device d) {
    return new Event(draft.user(), draft.device(), draft.at(), draft.seq(), draft.eventType(), draft.value(), d.name(),
        d.version(), draft.createdAt());
  }

  /** The oldest time a read may show: events before it are expired, whether or not TTL has deleted them yet. */
  public static Instant horizon(Instant now) {
    return now.minus(Event.RETENTION);
  }

  /**
   * AP04: one Query of the user's partition, {@code SK BETWEEN DEVICE#{device}#EVENT#{from} AND
   * DEVICE#{device}#EVENT#{to}#~}, newest first: the device's events from {@code from} to
   * {@code to}, both inclusive, no earlier than the retention horizon (none at all, and no request,
   * when {@code to} is before it). An unknown device has no events.
   *
   * @throws ValidationException {@code from}/{@code to}: not a timestamp, or from after to
   */
  public Page<Event> range(String user, String device, String from, String to, PageRequest page) {
    DevicesKeys.eventRange(device, from, to);
    String f = clamp(from);
    if (f.compareTo(to) > 0) {
      return new Page<>(List.of(), null);
    }
    SortRange r = DevicesKeys.eventRange(device, f, to);
    QuerySpec q = QuerySpec.between(null, DevicesKeys.userPartition(user), r.from(), r.to()).newestFirst();
    return table.query(q, page, "events").map(Event::fromItem);
  }

  /**
   * AP05: one Query of GSI1, {@code GSI1PK = USER#{user} AND GSI1SK BETWEEN EVENT#{from} AND
   * EVENT#{to}#~}, newest first: the user's events across all devices, from the retention horizon.
   *
   * @throws ValidationException {@code from}/{@code to}: not a timestamp, or from after to
   */
  public Page<Event> byUser(String user, String from, String to, PageRequest page) {
    DevicesKeys.userEventRange(from, to);
    String f = clamp(from);
    if (f.compareTo(to) > 0) {
      return new Page<>(List.of(), null);
    }
    SortRange r = DevicesKeys.userEventRange(f, to);
    QuerySpec q = QuerySpec.between(Gsi.GSI1, DevicesKeys.userPartition(user), r.from(), r.to()).newestFirst();
    return table.query(q, page, "user-events").map(Event::fromItem);
  }

  /**
   * AP09: the events of one type across all users from {@code since}, newest first: one Query of
   * GSI2 per shard of the type ({@link DevicesKeys#EVENT_TYPE_SHARDS}), {@code GSI2PK =
   * EVENTTYPE#{type}#{shard} AND GSI2SK BETWEEN {since} AND {until}}, each with the page's limit,
   * merged by time. The cursor is the last event's index key: the next page asks every shard up to
   * it again and drops it, so no event is missed or repeated across pages.
   *
   * @throws ValidationException {@code type} or {@code since} malformed, or a malformed cursor
   */
  public Page<Event> ofType(String type, String since, PageRequest page) {
    DevicesKeys.eventType(type);
    String from = clamp(DevicesKeys.timestamp("since", since));
    String until = page.cursor() == null ? Timestamps.format(table.clock().instant().plus(FUTURE_SKEW)) + "#~"
        : typeCursor(type, page.cursor());
    if (from.compareTo(until) > 0) {
      return new Page<>(List.of(), null);
    }
    List<Map<String, AttributeValue>> merged = new ArrayList<>();
    for (int shard = 0; shard < DevicesKeys.EVENT_TYPE_SHARDS; shard++) {
      QuerySpec q = QuerySpec.between(Gsi.GSI2, DevicesKeys.eventTypeShard(type, shard), from, until).newestFirst();
      for (Map<String, AttributeValue> item : table.query(q, new PageRequest(page.limit(), null), "type").items()) {
        if (!item.get(Gsi.GSI2.sk()).s().equals(until)) {
          merged.add(item);
        }
      }
    }
    merged.sort(Comparator.comparing((Map<String, AttributeValue> i) -> i.get(Gsi.GSI2.sk()).s()).reversed());
    boolean more = merged.size() > page.limit();
    List<Map<String, AttributeValue>> items = merged.subList(0, Math.min(page.limit(), merged.size()));
    String next = more ? table.cursors().encode(TYPE_SCOPE + type,
        Map.of(Gsi.GSI2.sk(), items.get(items.size() - 1).get(Gsi.GSI2.sk()))) : null;
    return new Page<>(items, next).map(Event::fromItem);
  }

  private String typeCursor(String type, String cursor) {
    AttributeValue last = table.cursors().decode(TYPE_SCOPE + type, cursor).get(Gsi.GSI2.sk());
    if (last == null || last.s() == null) {
      throw new ValidationException("invalid_cursor", "cursor", "cursor is malformed, altered or belongs to another list");
    }
    return last.s();
  }

  private String clamp(String from) {
    String horizon = Timestamps.format(horizon(table.clock().instant()));
    return from.compareTo(horizon) < 0 ? horizon : from;
  }
}

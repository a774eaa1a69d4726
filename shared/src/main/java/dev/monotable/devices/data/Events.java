package dev.monotable.devices.data;

import dev.monotable.devices.DevicesKeys;
import dev.monotable.devices.DevicesKeys.SortRange;
import dev.monotable.devices.model.Device;
import dev.monotable.devices.model.Event;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.data.TableGateway.QuerySpec;
import dev.monotable.kit.data.WriteTransaction;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.schema.TableSchema;
import java.math.BigDecimal;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A device's events: one method per access pattern, each one request. */
public final class Events {

  /** Largest magnitude of an event's value, well inside DynamoDB's number range. */
  public static final BigDecimal VALUE_LIMIT = new BigDecimal("1e15");

  private final TableGateway table;

  public Events(TableGateway table) {
    this.table = table;
  }

  /**
   * AP13: one TransactWriteItems: an Update of the device's {@code Latest*} copy, conditioned on the
   * device existing and the event being no older than its latest, and a Put of the event,
   * {@code attribute_not_exists(PK)}. Only when the event is older than the device's latest (it
   * arrived out of order), a second TransactWriteItems records it without touching the copy: a
   * ConditionCheck that the device exists and the same Put. The key is the device, the event's
   * time and the client's sequence, so a redelivered event finds its own item and writes nothing.
   *
   * @throws NotFoundException {@code device}: the user has no such device (nothing written)
   * @throws ConflictException {@code event}: an event with this time and sequence exists (nothing written)
   */
  public Event record(String user, String device, String at, int seq, String eventType, BigDecimal value) {
    if (value == null || value.abs().compareTo(VALUE_LIMIT) >= 0) {
      throw new ValidationException("value", "value must be a number of magnitude below 1e15");
    }
    Event e = new Event(DevicesKeys.user(user), DevicesKeys.device(device), DevicesKeys.timestamp("at", at), seq,
        Fields.text("type", eventType, Fields.EVENT_TYPE_MAX), value.stripTrailingZeros(),
        Timestamps.format(table.clock().instant()));
    Map<String, String> names = Map.of("#type", TableSchema.TYPE, "#at", "LatestAt", "#seq", "LatestSeq",
        "#etype", "LatestType", "#value", "LatestValue");
    Map<String, AttributeValue> values = Map.of(":device", AttributeValue.fromS(Device.TYPE),
        ":at", AttributeValue.fromS(e.at()), ":seq", AttributeValue.fromN(Integer.toString(seq)),
        ":etype", AttributeValue.fromS(e.eventType()), ":value", AttributeValue.fromN(e.value().toPlainString()));
    WriteTransaction tx = new WriteTransaction(table);
    int latest = tx.update(DevicesKeys.device(user, device), "SET #at = :at, #seq = :seq, #etype = :etype, #value = :value",
        "#type = :device AND (attribute_not_exists(#at) OR #at < :at OR (#at = :at AND #seq <= :seq))", names,
        values);
    int put = tx.putIfAbsent(e.toItem());
    return tx.commit(e, f -> {
      if (f.failed(put)) {
        throw conflict(device, at, seq);
      }
      Map<String, AttributeValue> old = f.oldItem(latest);
      if (f.failed(latest) && old != null && Device.TYPE.equals(Items.type(old))) {
        return recordOlder(e); // the device's latest is newer: keep it
      }
      throw new NotFoundException("device");
    });
  }

  private Event recordOlder(Event e) {
    WriteTransaction tx = new WriteTransaction(table);
    int check = tx.check(DevicesKeys.device(e.user(), e.device()), "#type = :device", Map.of("#type", TableSchema.TYPE),
        Map.of(":device", AttributeValue.fromS(Device.TYPE)));
    int put = tx.putIfAbsent(e.toItem());
    return tx.commit(e, f -> {
      if (f.failed(check)) {
        throw new NotFoundException("device");
      }
      if (f.failed(put)) {
        throw conflict(e.device(), e.at(), e.seq());
      }
      return null;
    });
  }

  private static ConflictException conflict(String device, String at, int seq) {
    return new ConflictException("event", "device " + device + " has an event at " + at + " with seq " + seq);
  }

  /**
   * AP04: one Query of the user's partition, {@code SK BETWEEN DEVICE#{device}#EVENT#{from} AND
   * DEVICE#{device}#EVENT#{to}#~}, newest first: the device's events from {@code from} to
   * {@code to}, both inclusive. An unknown device has no events.
   *
   * @throws ValidationException {@code from}/{@code to}: not a timestamp, or from after to
   */
  public Page<Event> range(String user, String device, String from, String to, PageRequest page) {
    SortRange r = DevicesKeys.eventRange(device, from, to);
    QuerySpec q = QuerySpec.between(null, DevicesKeys.userPartition(user), r.from(), r.to()).newestFirst();
    return table.query(q, page, "events").map(Event::fromItem);
  }
}

package dev.monotable.devices.migrate;

import dev.monotable.devices.EntityFirstTables;
import dev.monotable.devices.data.Events;
import dev.monotable.devices.keys.DevicesKeys;
import dev.monotable.devices.model.Device;
import dev.monotable.devices.model.Event;
import dev.monotable.devices.model.UserProfile;
import dev.monotable.kit.data.CursorCodec;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.migrate.LegacyMapping;
import java.time.Clock;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * The switchable read patterns of Devices (AP01-AP05, AP09) answered from the entity-first tables while reads
 * move over ({@code MIGRATION_READS}): the same models as the single table's reads, so a route's answer is the
 * same JSON, and the same refusals (the same key rules first, before any request; a 404 where the single table
 * has none). Each makes the one call {@link EntityFirstTables#DESIGN} declares for its pattern, and that infra
 * grants: a GetItem of Users or Devices, or a Query of one of Events' or Devices' GSIs. An old item becomes the
 * model through the migration's mapping ({@link DevicesMigration}), as the backfill copies it. A page's cursor
 * is the old side's own (another scope): it continues a list on the side that began it.
 */
public final class OldReads {

  private final DynamoDbClient client;
  private final EntityFirstTables tables;
  private final CursorCodec cursors;
  private final Clock clock;

  /** Reads {@code tables} through {@code table}'s client, cursors and clock. */
  public OldReads(TableGateway table, EntityFirstTables tables) {
    this.client = table.client();
    this.tables = tables;
    this.cursors = table.cursors();
    this.clock = table.clock();
  }

  public EntityFirstTables tables() {
    return tables;
  }

  /**
   * AP01: one GetItem of Users.
   *
   * @throws NotFoundException {@code user}
   */
  public UserProfile profile(String user) {
    GetItemResponse r = client.getItem(tables.profile(DevicesKeys.user(user)));
    if (!r.hasItem() || r.item().isEmpty()) {
      throw new NotFoundException("user");
    }
    return UserProfile.fromItem(mapped(DevicesMigration.USERS, r.item()));
  }

  /** AP02: one Query of Devices-ByUserId, in device order. An unknown user has no devices. */
  public Page<Device> devices(String user, PageRequest page) {
    String scope = "old:devices:" + DevicesKeys.user(user);
    return page(tables.devicesOf(user), page, scope).map(i -> Device.fromItem(mapped(DevicesMigration.DEVICES, i)));
  }

  /**
   * AP03: one GetItem of Devices; a device of another user is none of this one's.
   *
   * @throws NotFoundException {@code device}
   */
  public Device device(String user, String device) {
    DevicesKeys.device(user, device);
    GetItemResponse r = client.getItem(tables.device(device));
    if (!r.hasItem() || r.item().isEmpty() || !user.equals(text(r.item().get("userId")))) {
      throw new NotFoundException("device");
    }
    return Device.fromItem(mapped(DevicesMigration.DEVICES, r.item()));
  }

  /**
   * AP04: one Query of Events-ByDeviceId, {@code timestamp BETWEEN from AND to} (from no earlier than the
   * retention horizon), newest first, filtered on the user (device ids are global in the old design).
   *
   * @throws dev.monotable.kit.errors.ValidationException as the single table's read
   */
  public Page<Event> deviceEvents(String user, String device, String from, String to, PageRequest page) {
    DevicesKeys.eventRange(device, from, to);
    DevicesKeys.user(user);
    String f = clamp(from);
    if (f.compareTo(to) > 0) {
      return new Page<>(List.of(), null);
    }
    QueryRequest q = tables.deviceEvents(device, f, to);
    Map<String, AttributeValue> values = new HashMap<>(q.expressionAttributeValues());
    values.put(":u", AttributeValue.fromS(user));
    q = q.toBuilder().filterExpression("userId = :u").expressionAttributeValues(values).build();
    String scope = "old:device-events:" + user + "#" + device;
    QueryResponse r = query(q, page, scope);
    if (r.count() == 0 && r.scannedCount() > 0) {
      // Every event of a device carries its owner: events read and all filtered out are another user's
      // device's, so no later page holds one of the caller's (the single table's read: empty, no cursor).
      return new Page<>(List.of(), null);
    }
    return page(r, scope).map(OldReads::event);
  }

  /** AP05: one Query of Events-ByUserId, {@code timestamp BETWEEN from AND to}, newest first. */
  public Page<Event> userEvents(String user, String from, String to, PageRequest page) {
    DevicesKeys.userEventRange(from, to);
    DevicesKeys.user(user);
    String f = clamp(from);
    if (f.compareTo(to) > 0) {
      return new Page<>(List.of(), null);
    }
    return page(tables.userEvents(user, f, to), page, "old:user-events:" + user).map(OldReads::event);
  }

  /**
   * AP09: one Query of Events-ByType from {@code since} (no earlier than the retention horizon) to a little
   * past now (as the single table's read: {@link Events#FUTURE_SKEW}), newest first; asks for one item more
   * than the page, so a cursor means a next page, as the single table's merged read has it.
   */
  public Page<Event> eventsOfType(String type, String since, PageRequest page) {
    DevicesKeys.eventType(type);
    String from = clamp(DevicesKeys.timestamp("since", since));
    String until = Timestamps.format(clock.instant().plus(Events.FUTURE_SKEW));
    if (from.compareTo(until) > 0) {
      return new Page<>(List.of(), null);
    }
    String scope = "old:events-of-type:" + type;
    QueryRequest q = tables.eventsOfType(type, from, until).toBuilder().limit(page.limit() + 1)
        .exclusiveStartKey(page.cursor() == null ? null : cursors.decode(scope, page.cursor())).build();
    List<Map<String, AttributeValue>> items = client.query(q).items();
    boolean more = items.size() > page.limit();
    items = items.subList(0, Math.min(page.limit(), items.size()));
    String next = null;
    if (more) {
      Map<String, AttributeValue> last = items.get(items.size() - 1);
      Map<String, AttributeValue> key = new LinkedHashMap<>();
      for (String k : List.of("eventId", "type", "timestamp")) {
        key.put(k, last.get(k));
      }
      next = cursors.encode(scope, key);
    }
    return new Page<>(items, next).map(OldReads::event);
  }

  private Page<Map<String, AttributeValue>> page(QueryRequest q, PageRequest page, String scope) {
    return page(query(q, page, scope), scope);
  }

  private QueryResponse query(QueryRequest q, PageRequest page, String scope) {
    return client.query(q.toBuilder().limit(page.limit())
        .exclusiveStartKey(page.cursor() == null ? null : cursors.decode(scope, page.cursor())).build());
  }

  private Page<Map<String, AttributeValue>> page(QueryResponse r, String scope) {
    String next = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty()
        ? cursors.encode(scope, r.lastEvaluatedKey()) : null;
    return new Page<>(r.items(), next);
  }

  private static Event event(Map<String, AttributeValue> old) {
    return Event.fromItem(mapped(DevicesMigration.EVENTS, old));
  }

  /**
   * The single table's item of an old item. An old value the new key rules refuse (a device id {@code Lamp#2})
   * is the data's fault, not the request's: a 500 naming the old key (in the log), never the caller's 400; the
   * dual writes reported it as a divergence and the backfill as refused.
   */
  private static Map<String, AttributeValue> mapped(LegacyMapping mapping, Map<String, AttributeValue> old) {
    try {
      return mapping.toItem(old);
    } catch (ValidationException e) {
      Map<String, String> key = new LinkedHashMap<>();
      mapping.oldKeyOf(old).forEach((k, v) -> key.put(k, v.s()));
      throw new IllegalStateException("an old item the single table's key rules refuse, " + key + ": "
          + e.getMessage(), e);
    }
  }

  // The single table's reads start at the retention horizon (its TTL deletes what is older); the old tables
  // keep everything, so their reads start there too.
  private String clamp(String from) {
    String horizon = Timestamps.format(Events.horizon(clock.instant()));
    return from.compareTo(horizon) < 0 ? horizon : from;
  }

  private static String text(AttributeValue v) {
    return v == null ? null : v.s();
  }
}

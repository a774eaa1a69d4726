package dev.monotable.devices;

import static dev.monotable.devices.keys.DevicesKeys.ACTIVE;
import static dev.monotable.devices.keys.DevicesKeys.DEVICE;
import static dev.monotable.devices.keys.DevicesKeys.EVENTS_FROM;
import static dev.monotable.devices.keys.DevicesKeys.EVENTS_TO;
import static dev.monotable.devices.keys.DevicesKeys.EVENT_TYPE;
import static dev.monotable.devices.keys.DevicesKeys.PROFILE;
import static dev.monotable.devices.keys.DevicesKeys.TAGGED;
import static dev.monotable.devices.keys.DevicesKeys.USER;
import static dev.monotable.devices.keys.DevicesKeys.USER_EVENTS_FROM;
import static dev.monotable.devices.keys.DevicesKeys.USER_EVENTS_TO;
import static dev.monotable.kit.catalog.KeyCondition.get;
import static dev.monotable.kit.catalog.KeyCondition.none;
import static dev.monotable.kit.catalog.KeyCondition.plan;
import static dev.monotable.kit.catalog.KeyCondition.query;
import static dev.monotable.kit.catalog.Operation.BATCH_GET_ITEM;
import static dev.monotable.kit.catalog.Operation.BATCH_WRITE_ITEM;
import static dev.monotable.kit.catalog.Operation.DELETE_ITEM;
import static dev.monotable.kit.catalog.Operation.GET_ITEM;
import static dev.monotable.kit.catalog.Operation.PUT_ITEM;
import static dev.monotable.kit.catalog.Operation.QUERY;
import static dev.monotable.kit.catalog.Operation.TRANSACT_WRITE_ITEMS;
import static dev.monotable.kit.catalog.Operation.UPDATE_ITEM;

import dev.monotable.kit.catalog.Calls;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.catalog.KeyCondition.Part;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.List;

/**
 * The access patterns of Devices, each with the one DynamoDB request that serves it (or the few a
 * pattern's allowance names). AP01-AP11 are seed 002's numbers; AP12 and AP13 are the writes the
 * seed implies but does not list, AP14 the seed's dashboard, AP15 the ingest hot path, AP16 and
 * AP17 the seed's device tags (inverted index), AP18 the liveness route every domain has.
 */
public final class DevicesPattern {
  private DevicesPattern() {}

  // Sort-key bounds that are not keys of an item.
  private static final Template SINCE = Template.of("{since}");
  private static final Template UNTIL = Template.of("{until}");
  private static final Template DEVICES_END = Template.of("DEVICE#~");

  public static final DeclaredPattern AP01 = DeclaredPattern.of("AP01", "get a user's profile", Calls.of(GET_ITEM),
      get(USER, PROFILE), "user");
  public static final DeclaredPattern AP02 = DeclaredPattern.of("AP02", "list a user's devices", Calls.of(QUERY),
      query(USER).on(Gsi.GSI1).beginsWith(literal(DEVICE)), "user; limit, cursor");
  public static final DeclaredPattern AP03 = DeclaredPattern.of("AP03", "get a device", Calls.of(GET_ITEM),
      get(USER, DEVICE), "user, device");
  public static final DeclaredPattern AP04 = DeclaredPattern.of("AP04",
      "a device's events in a time range, newest first", Calls.of(QUERY),
      query(USER).between(Part.of(EVENTS_FROM).as("ts", "from"), Part.of(EVENTS_TO).as("ts", "to")).descending(),
      "user, device, from, to; limit, cursor");
  public static final DeclaredPattern AP05 = DeclaredPattern.of("AP05",
      "a user's events across devices in a time range, newest first", Calls.of(QUERY),
      query(USER).on(Gsi.GSI1).between(Part.of(USER_EVENTS_FROM).as("ts", "from"),
          Part.of(USER_EVENTS_TO).as("ts", "to")).descending(),
      "user, from, to; limit, cursor");
  public static final DeclaredPattern AP06 = DeclaredPattern.of("AP06", "update a device's status or name",
      Calls.of(UPDATE_ITEM),
      plan("PK = USER#{user}, SK = DEVICE#{device}; Type = Device AND not deleting [AND Version = :expected]"),
      "user, device, If-Match; body: status, name");
  public static final DeclaredPattern AP07 = DeclaredPattern.of("AP07", "add a device", Calls.of(TRANSACT_WRITE_ITEMS),
      plan("ConditionCheck USER#{user}/#PROFILE exists; Put DEVICE#{device} attribute_not_exists(PK)"),
      "user, device; body: name, kind");
  public static final DeclaredPattern AP08 = DeclaredPattern.of("AP08", "delete a device with all its events, resumably",
      Calls.then(UPDATE_ITEM, QUERY, BATCH_WRITE_ITEM, TRANSACT_WRITE_ITEMS),
      plan("mark DEVICE#{device}; rounds of PK = USER#{user} AND begins_with(SK, DEVICE#{device}#) + BatchWriteItem "
          + "deletes; Delete DEVICE#{device} when nothing is left, a one-item TransactWriteItems whose "
          + "ClientRequestToken answers a retry after a lost answer as the first attempt"),
      "user, device")
      .allowing(43, "write: 1 mark, up to 8 rounds of 1 Query + 4 BatchWriteItem, 1 progress update, 1 delete; "
          + "more items wait for the next call");
  public static final DeclaredPattern AP09 = DeclaredPattern.of("AP09",
      "events of a type across users since a time, newest first", Calls.of(QUERY),
      query(EVENT_TYPE).on(Gsi.GSI2).between(Part.of(SINCE), Part.of(UNTIL)).descending()
          .note("one Query per shard (8), merged"),
      "type, since; limit, cursor")
      .allowing(8, "read: one Query per shard of the type's write-sharded partition");
  public static final DeclaredPattern AP10 = DeclaredPattern.of("AP10", "device counts by status",
      Calls.of(BATCH_GET_ITEM), plan("PK = DEVICESTATUS#{shard}, SK = #COUNTS for shards 0-9"), "");
  public static final DeclaredPattern AP11 = DeclaredPattern.of("AP11", "users active in the last N days",
      Calls.of(QUERY), query(ACTIVE).on(Gsi.GSI2).atLeast(Part.of(SINCE)).descending().note("sparse"),
      "days; limit, cursor");
  public static final DeclaredPattern AP12 = DeclaredPattern.of("AP12", "create a user's profile", Calls.of(PUT_ITEM),
      plan("Put USER#{user}/#PROFILE attribute_not_exists(PK)"), "user; body: name, email");
  public static final DeclaredPattern AP13 = DeclaredPattern.of("AP13", "record one event of a device",
      Calls.then(GET_ITEM, PUT_ITEM),
      plan("GetItem DEVICE#{device} (exists, not deleting, its name); Put DEVICE#{device}#EVENT#{ts}#{seq} "
          + "attribute_not_exists(PK)"),
      "user, device; body: at, seq, type, value")
      .allowing(2, "write: the device read for its name, then the event");
  public static final DeclaredPattern AP14 = DeclaredPattern.of("AP14",
      "a user's dashboard: profile and devices with each one's recent events", Calls.of(QUERY).sometimes(GET_ITEM),
      query(USER).on(Gsi.GSI1).between(Part.of(PROFILE), Part.of(DEVICES_END))
          .note("#PROFILE first, then DEVICE#{device}"),
      "user; limit, cursor")
      .allowing(2, "read: one Query; a consistent GetItem of the profile only when the index has none yet (a user "
          + "created within the index's lag) or there is no such user");
  public static final DeclaredPattern AP15 = DeclaredPattern.of("AP15", "record a batch of up to 25 events of a device",
      Calls.then(GET_ITEM, BATCH_WRITE_ITEM),
      plan("GetItem DEVICE#{device}; BatchWriteItem Put DEVICE#{device}#EVENT#{ts}#{seq} x 1-25, UnprocessedItems "
          + "retried with jittered backoff"),
      "user, device; body: events")
      .allowing(5, "write: the device read, then 1 BatchWriteItem and up to 3 retries of what it left unprocessed");
  public static final DeclaredPattern AP16 = DeclaredPattern.of("AP16", "set a device's tags",
      Calls.then(GET_ITEM, TRANSACT_WRITE_ITEMS),
      plan("GetItem DEVICE#{device}; Update DEVICE#{device} Tags if Version unchanged + Put/Delete "
          + "DEVICE#{device}#TAG#{tag}"),
      "user, device, If-Match; body: tags")
      .allowing(2, "write: the device read for its tags, then one transaction");
  public static final DeclaredPattern AP17 = DeclaredPattern.of("AP17", "a user's devices with a tag", Calls.of(QUERY),
      query(TAGGED).on(Gsi.GSI2), "user, tag; limit, cursor");
  public static final DeclaredPattern AP18 = DeclaredPattern.of("AP18", "liveness of the API", Calls.none(), none(), "")
      .allowing(0, "no table access");

  /** Every pattern, in catalog order. */
  public static final List<DeclaredPattern> ALL = List.of(AP01, AP02, AP03, AP04, AP05, AP06, AP07, AP08, AP09, AP10,
      AP11, AP12, AP13, AP14, AP15, AP16, AP17, AP18);

  /** The constant head of a template, as a sort-key prefix. */
  private static Part literal(Template t) {
    return Part.of(Template.of(t.prefix()));
  }
}

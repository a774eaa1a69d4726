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

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.Calls;
import dev.monotable.kit.catalog.KeyCondition;
import dev.monotable.kit.catalog.KeyCondition.Part;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.catalog.RequestAllowance;
import dev.monotable.kit.schema.TableSchema.Gsi;

/**
 * The access patterns of Devices, each with the one DynamoDB request that serves it (or the few a
 * pattern's allowance names). AP01-AP11 are seed 002's numbers; AP12 and AP13 are the writes the
 * seed implies but does not list, AP14 the seed's dashboard, AP15 the ingest hot path, AP16 and
 * AP17 the seed's device tags (inverted index), AP18 the liveness route every domain has.
 */
public enum DevicesPattern implements AccessPatternSpec {
  AP01("get a user's profile", Calls.of(GET_ITEM), get(USER, PROFILE), "user"),
  AP02("list a user's devices", Calls.of(QUERY), query(USER).on(Gsi.GSI1).beginsWith(literal(DEVICE)),
      "user; limit, cursor"),
  AP03("get a device", Calls.of(GET_ITEM), get(USER, DEVICE), "user, device"),
  AP04("a device's events in a time range, newest first", Calls.of(QUERY),
      query(USER).between(Part.of(EVENTS_FROM).as("ts", "from"), Part.of(EVENTS_TO).as("ts", "to")).descending(),
      "user, device, from, to; limit, cursor"),
  AP05("a user's events across devices in a time range, newest first", Calls.of(QUERY),
      query(USER).on(Gsi.GSI1).between(Part.of(USER_EVENTS_FROM).as("ts", "from"),
          Part.of(USER_EVENTS_TO).as("ts", "to")).descending(),
      "user, from, to; limit, cursor"),
  AP06("update a device's status or name", Calls.of(UPDATE_ITEM),
      plan("PK = USER#{user}, SK = DEVICE#{device}; Type = Device AND not deleting [AND Version = :expected]"),
      "user, device, If-Match; body: status, name"),
  AP07("add a device", Calls.of(TRANSACT_WRITE_ITEMS),
      plan("ConditionCheck USER#{user}/#PROFILE exists; Put DEVICE#{device} attribute_not_exists(PK)"),
      "user, device; body: name, kind"),
  AP08("delete a device with all its events, resumably", Calls.then(UPDATE_ITEM, QUERY, BATCH_WRITE_ITEM, DELETE_ITEM),
      plan("mark DEVICE#{device}; rounds of PK = USER#{user} AND begins_with(SK, DEVICE#{device}#) + BatchWriteItem "
          + "deletes; DeleteItem DEVICE#{device} when nothing is left"),
      "user, device") {
    @Override
    public RequestAllowance requestAllowance() {
      return new RequestAllowance(43, "write: 1 mark, up to 8 rounds of 1 Query + 4 BatchWriteItem, 1 progress "
          + "update, 1 delete; more items wait for the next call");
    }
  },
  AP09("events of a type across users since a time, newest first", Calls.of(QUERY),
      query(EVENT_TYPE).on(Gsi.GSI2).between(Part.of(Bounds.SINCE), Part.of(Bounds.UNTIL)).descending()
          .note("one Query per shard (8), merged"),
      "type, since; limit, cursor") {
    @Override
    public RequestAllowance requestAllowance() {
      return new RequestAllowance(8, "read: one Query per shard of the type's write-sharded partition");
    }
  },
  AP10("device counts by status", Calls.of(BATCH_GET_ITEM), plan("PK = DEVICESTATUS#{shard}, SK = #COUNTS for shards 0-9"),
      ""),
  AP11("users active in the last N days", Calls.of(QUERY),
      query(ACTIVE).on(Gsi.GSI2).atLeast(Part.of(Bounds.SINCE)).descending().note("sparse"),
      "days; limit, cursor"),
  AP12("create a user's profile", Calls.of(PUT_ITEM), plan("Put USER#{user}/#PROFILE attribute_not_exists(PK)"),
      "user; body: name, email"),
  AP13("record one event of a device", Calls.then(GET_ITEM, PUT_ITEM),
      plan("GetItem DEVICE#{device} (exists, not deleting, its name); Put DEVICE#{device}#EVENT#{ts}#{seq} "
          + "attribute_not_exists(PK)"),
      "user, device; body: at, seq, type, value") {
    @Override
    public RequestAllowance requestAllowance() {
      return new RequestAllowance(2, "write: the device read for its name, then the event");
    }
  },
  AP14("a user's dashboard: profile and devices with each one's recent events", Calls.of(QUERY).sometimes(GET_ITEM),
      query(USER).on(Gsi.GSI1).between(Part.of(PROFILE), Part.of(Bounds.DEVICES_END))
          .note("#PROFILE first, then DEVICE#{device}"),
      "user; limit, cursor") {
    @Override
    public RequestAllowance requestAllowance() {
      return new RequestAllowance(2, "read: one Query; a consistent GetItem of the profile only when the index "
          + "has none yet (a user created within the index's lag) or there is no such user");
    }
  },
  AP15("record a batch of up to 25 events of a device", Calls.then(GET_ITEM, BATCH_WRITE_ITEM),
      plan("GetItem DEVICE#{device}; BatchWriteItem Put DEVICE#{device}#EVENT#{ts}#{seq} x 1-25, UnprocessedItems "
          + "retried with jittered backoff"),
      "user, device; body: events") {
    @Override
    public RequestAllowance requestAllowance() {
      return new RequestAllowance(5, "write: the device read, then 1 BatchWriteItem and up to 3 retries of what "
          + "it left unprocessed");
    }
  },
  AP16("set a device's tags", Calls.then(GET_ITEM, TRANSACT_WRITE_ITEMS),
      plan("GetItem DEVICE#{device}; Update DEVICE#{device} Tags if Version unchanged + Put/Delete "
          + "DEVICE#{device}#TAG#{tag}"),
      "user, device, If-Match; body: tags") {
    @Override
    public RequestAllowance requestAllowance() {
      return new RequestAllowance(2, "write: the device read for its tags, then one transaction");
    }
  },
  AP17("a user's devices with a tag", Calls.of(QUERY), query(TAGGED).on(Gsi.GSI2), "user, tag; limit, cursor"),
  AP18("liveness of the API", Calls.none(), none(), "") {
    @Override
    public RequestAllowance requestAllowance() {
      return new RequestAllowance(0, "no table access");
    }
  };

  /** The constant head of a template, as a sort-key prefix. */
  private static Part literal(Template t) {
    return Part.of(Template.of(t.prefix()));
  }

  /** Sort-key bounds that are not keys of an item (an enum's constants cannot read its own fields). */
  private static final class Bounds {
    static final Template SINCE = Template.of("{since}");
    static final Template UNTIL = Template.of("{until}");
    static final Template DEVICES_END = Template.of("DEVICE#~");
  }

  private final String description;
  private final Calls calls;
  private final KeyCondition key;
  private final String parameters;

  DevicesPattern(String description, Calls calls, KeyCondition key, String parameters) {
    this.description = description;
    this.calls = calls;
    this.key = key;
    this.parameters = parameters;
  }

  @Override
  public String description() {
    return description;
  }

  @Override
  public Calls calls() {
    return calls;
  }

  @Override
  public KeyCondition key() {
    return key;
  }

  @Override
  public String parameters() {
    return parameters;
  }
}

package dev.monotable.devices;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.RequestAllowance;
import dev.monotable.kit.schema.TableSchema.Gsi;

/**
 * The access patterns of Devices, each with the one DynamoDB request that serves it (or the few a
 * pattern's allowance names). AP01-AP11 are seed 002's numbers; AP12 and AP13 are the writes the
 * seed implies but does not list, AP14 the seed's dashboard, AP15 the ingest hot path, AP16 and
 * AP17 the seed's device tags (inverted index), AP18 the liveness route every domain has.
 */
public enum DevicesPattern implements AccessPatternSpec {
  AP01("get a user's profile", "GetItem", null, "PK = USER#{user}, SK = #PROFILE", "user"),
  AP02("list a user's devices", "Query", Gsi.GSI1, "GSI1PK = USER#{user} AND begins_with(GSI1SK, DEVICE#)",
      "user; limit, cursor"),
  AP03("get a device", "GetItem", null, "PK = USER#{user}, SK = DEVICE#{device}", "user, device"),
  AP04("a device's events in a time range, newest first", "Query", null,
      "PK = USER#{user} AND SK BETWEEN DEVICE#{device}#EVENT#{from} AND DEVICE#{device}#EVENT#{to}#~ (descending)",
      "user, device, from, to; limit, cursor"),
  AP05("a user's events across devices in a time range, newest first", "Query", Gsi.GSI1,
      "GSI1PK = USER#{user} AND GSI1SK BETWEEN EVENT#{from} AND EVENT#{to}#~ (descending)",
      "user, from, to; limit, cursor"),
  AP06("update a device's status or name", "UpdateItem", null,
      "PK = USER#{user}, SK = DEVICE#{device}; Type = Device AND not deleting [AND Version = :expected]",
      "user, device, If-Match; body: status, name"),
  AP07("add a device", "TransactWriteItems", null,
      "ConditionCheck USER#{user}/#PROFILE exists; Put DEVICE#{device} attribute_not_exists(PK)",
      "user, device; body: name, kind"),
  AP08("delete a device with all its events, resumably", "UpdateItem, Query, BatchWriteItem, DeleteItem", null,
      "mark DEVICE#{device}; rounds of PK = USER#{user} AND begins_with(SK, DEVICE#{device}#) + BatchWriteItem "
          + "deletes; DeleteItem DEVICE#{device} when nothing is left",
      "user, device") {
    @Override
    public RequestAllowance requestAllowance() {
      return new RequestAllowance(43, "write: 1 mark, up to 8 rounds of 1 Query + 4 BatchWriteItem, 1 progress "
          + "update, 1 delete; more items wait for the next call");
    }
  },
  AP09("events of a type across users since a time, newest first", "Query", Gsi.GSI2,
      "GSI2PK = EVENTTYPE#{type}#{shard} AND GSI2SK BETWEEN {since} AND {until}, one Query per shard (8), merged",
      "type, since; limit, cursor") {
    @Override
    public RequestAllowance requestAllowance() {
      return new RequestAllowance(8, "read: one Query per shard of the type's write-sharded partition");
    }
  },
  AP10("device counts by status", "BatchGetItem", null, "PK = DEVICESTATUS#{shard}, SK = #COUNTS for shards 0-9",
      ""),
  AP11("users active in the last N days", "Query", Gsi.GSI2, "GSI2PK = ACTIVE AND GSI2SK >= {now - days} (sparse)",
      "days; limit, cursor"),
  AP12("create a user's profile", "PutItem", null, "Put USER#{user}/#PROFILE attribute_not_exists(PK)",
      "user; body: name, email"),
  AP13("record one event of a device", "GetItem, PutItem", null,
      "GetItem DEVICE#{device} (exists, not deleting, its name); Put DEVICE#{device}#EVENT#{ts}#{seq} "
          + "attribute_not_exists(PK)",
      "user, device; body: at, seq, type, value") {
    @Override
    public RequestAllowance requestAllowance() {
      return new RequestAllowance(2, "write: the device read for its name, then the event");
    }
  },
  AP14("a user's dashboard: profile and devices with each one's recent events", "Query", Gsi.GSI1,
      "GSI1PK = USER#{user} AND GSI1SK BETWEEN #PROFILE AND DEVICE#~ (#PROFILE first, then DEVICE#{device})",
      "user; limit, cursor") {
    @Override
    public RequestAllowance requestAllowance() {
      return new RequestAllowance(2, "read: one Query; a consistent GetItem of the profile only when the index "
          + "has none yet (a user created within the index's lag) or there is no such user");
    }
  },
  AP15("record a batch of up to 25 events of a device", "GetItem, BatchWriteItem", null,
      "GetItem DEVICE#{device}; BatchWriteItem Put DEVICE#{device}#EVENT#{ts}#{seq} x 1-25, UnprocessedItems "
          + "retried with jittered backoff",
      "user, device; body: events") {
    @Override
    public RequestAllowance requestAllowance() {
      return new RequestAllowance(5, "write: the device read, then 1 BatchWriteItem and up to 3 retries of what "
          + "it left unprocessed");
    }
  },
  AP16("set a device's tags", "GetItem, TransactWriteItems", null,
      "GetItem DEVICE#{device}; Update DEVICE#{device} Tags if Version unchanged + Put/Delete "
          + "DEVICE#{device}#TAG#{tag}",
      "user, device, If-Match; body: tags") {
    @Override
    public RequestAllowance requestAllowance() {
      return new RequestAllowance(2, "write: the device read for its tags, then one transaction");
    }
  },
  AP17("a user's devices with a tag", "Query", Gsi.GSI2, "GSI2PK = USER#{user}#TAG#{tag}",
      "user, tag; limit, cursor"),
  AP18("liveness of the API", "none", null, "none", "") {
    @Override
    public RequestAllowance requestAllowance() {
      return new RequestAllowance(0, "no table access");
    }
  };

  private final String description;
  private final String operation;
  private final Gsi index;
  private final String keyCondition;
  private final String parameters;

  DevicesPattern(String description, String operation, Gsi index, String keyCondition, String parameters) {
    this.description = description;
    this.operation = operation;
    this.index = index;
    this.keyCondition = keyCondition;
    this.parameters = parameters;
  }

  @Override
  public String description() {
    return description;
  }

  @Override
  public String operation() {
    return operation;
  }

  @Override
  public Gsi index() {
    return index;
  }

  @Override
  public String keyCondition() {
    return keyCondition;
  }

  @Override
  public String parameters() {
    return parameters;
  }
}

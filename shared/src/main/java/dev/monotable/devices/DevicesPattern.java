package dev.monotable.devices;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.RequestAllowance;
import dev.monotable.kit.schema.TableSchema.Gsi;

/**
 * The access patterns of Devices, each with the one DynamoDB request that serves it. AP01-AP11 are
 * seed 002's numbers (this slice has 1, 2, 3, 4, 6 and 7); AP12 and AP13 are the writes the seed
 * implies but does not list, AP14 the seed's dashboard.
 */
public enum DevicesPattern implements AccessPatternSpec {
  AP01("get a user's profile", "GetItem", null, "PK = USER#{user}, SK = #PROFILE", "user"),
  AP02("list a user's devices", "Query", Gsi.GSI1, "GSI1PK = USER#{user} AND begins_with(GSI1SK, DEVICE#)",
      "user; limit, cursor"),
  AP03("get a device", "GetItem", null, "PK = USER#{user}, SK = DEVICE#{device}", "user, device"),
  AP04("a device's events in a time range, newest first", "Query", null,
      "PK = USER#{user} AND SK BETWEEN DEVICE#{device}#EVENT#{from} AND DEVICE#{device}#EVENT#{to}#~ (descending)",
      "user, device, from, to; limit, cursor"),
  AP06("update a device's status", "UpdateItem", null,
      "PK = USER#{user}, SK = DEVICE#{device}; Type = Device [AND Version = :expected]",
      "user, device, If-Match; body: status"),
  AP07("add a device", "TransactWriteItems", null,
      "ConditionCheck USER#{user}/#PROFILE exists; Put DEVICE#{device} attribute_not_exists(PK)",
      "user, device; body: name, kind"),
  AP12("create a user's profile", "PutItem", null, "Put USER#{user}/#PROFILE attribute_not_exists(PK)",
      "user; body: name, email"),
  AP13("record one event of a device", "TransactWriteItems", null,
      "Update DEVICE#{device} Latest* if the device exists and the event is not older; Put "
          + "DEVICE#{device}#EVENT#{ts}#{seq} attribute_not_exists(PK); an older event: ConditionCheck + Put",
      "user, device; body: at, seq, type, value") {
    @Override
    public RequestAllowance requestAllowance() {
      return new RequestAllowance(2, "write: a second transaction only for an event older than the device's latest");
    }
  },
  AP14("a user's dashboard: profile and devices with each one's latest event", "Query", Gsi.GSI1,
      "GSI1PK = USER#{user} (#PROFILE first, then DEVICE#{device})", "user; limit, cursor");

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

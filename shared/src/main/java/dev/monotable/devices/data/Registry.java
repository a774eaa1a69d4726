package dev.monotable.devices.data;

import dev.monotable.devices.DevicesKeys;
import dev.monotable.devices.model.Device;
import dev.monotable.devices.model.UserProfile;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.data.TableGateway.HeadedPage;
import dev.monotable.kit.data.TableGateway.QuerySpec;
import dev.monotable.kit.data.WriteTransaction;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.errors.VersionMismatchException;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/** A user's devices: one method per access pattern, each one request. */
public final class Registry {

  private final TableGateway table;

  public Registry(TableGateway table) {
    this.table = table;
  }

  /**
   * AP07: one TransactWriteItems: a ConditionCheck that the user's profile exists and a Put of the
   * device, {@code attribute_not_exists(PK)}. A new device is {@code offline} at version 1.
   *
   * @throws NotFoundException {@code user}: no such user (nothing written)
   * @throws ConflictException {@code device}: the user has a device with this id (nothing written)
   */
  public Device add(String user, String device, String name, String kind) {
    String now = Timestamps.format(table.clock().instant());
    Device d = new Device(DevicesKeys.user(user), DevicesKeys.device(device), Fields.text("name", name, Fields.NAME_MAX),
        Fields.text("kind", kind, Fields.KIND_MAX), "offline", 1, now, now);
    WriteTransaction tx = new WriteTransaction(table);
    int profile = tx.check(DevicesKeys.profile(user), "#type = :user", Map.of("#type", TableSchema.TYPE),
        Map.of(":user", AttributeValue.fromS(UserProfile.TYPE)));
    int put = tx.putIfAbsent(d.toItem());
    return tx.commit(d, f -> {
      if (f.failed(profile)) {
        throw new NotFoundException("user");
      }
      if (f.failed(put)) {
        throw new ConflictException("device", "user " + user + " has a device " + device);
      }
      return null;
    });
  }

  /**
   * AP03: one GetItem of {@code USER#{user} / DEVICE#{device}}.
   *
   * @throws NotFoundException {@code device}
   */
  public Device get(String user, String device) {
    return table.get(DevicesKeys.device(user, device)).map(Device::fromItem)
        .orElseThrow(() -> new NotFoundException("device"));
  }

  /**
   * AP02: one Query of GSI1, {@code GSI1PK = USER#{user} AND begins_with(GSI1SK, "DEVICE#")}, in
   * device order; no event is in that index, so none is read. An unknown user has no devices.
   */
  public Page<Device> list(String user, PageRequest page) {
    QuerySpec q = QuerySpec.index(Gsi.GSI1, DevicesKeys.userPartition(user), DevicesKeys.DEVICE.prefix());
    return table.query(q, page, "devices").map(Device::fromItem);
  }

  /**
   * AP14, the seed's dashboard: one Query of GSI1, {@code GSI1PK = USER#{user}}, in key order: the
   * profile ({@code #PROFILE} sorts first) and then the devices, each carrying a copy of its latest
   * event; no event item is read. The first page carries the profile; later pages (with the
   * cursor) carry devices only.
   *
   * @throws NotFoundException {@code user}: the first page found no profile
   */
  public Dashboard dashboard(String user, PageRequest page) {
    QuerySpec q = QuerySpec.index(Gsi.GSI1, DevicesKeys.userPartition(user), null);
    HeadedPage p = table.queryWithHead(q, item -> UserProfile.TYPE.equals(Items.type(item)), true, page, "dashboard");
    if (p.head() == null && page.cursor() == null) {
      throw new NotFoundException("user");
    }
    return new Dashboard(p.head() == null ? null : UserProfile.fromItem(p.head()), p.page().map(Device::fromItem));
  }

  /** A dashboard page: the profile (null after the first page) and the devices. */
  public record Dashboard(UserProfile profile, Page<Device> devices) {}

  /**
   * AP06: one UpdateItem of the device's {@code Status}, {@code Version + 1} and {@code UpdatedAt},
   * conditioned on the device existing and, with {@code expectedVersion}, on {@code Version} being
   * it; returns the device as stored after (ALL_NEW).
   *
   * @param expectedVersion the If-Match version, or null to update whatever version is current
   * @throws NotFoundException {@code device} (nothing written)
   * @throws VersionMismatchException {@code expectedVersion} is stale (nothing written)
   */
  public Device updateStatus(String user, String device, String status, Long expectedVersion) {
    if (status == null || !Device.STATUSES.contains(status)) {
      throw new ValidationException("status", "status must be one of " + String.join(", ", Device.STATUSES));
    }
    Map<String, String> names = new HashMap<>(Map.of("#type", TableSchema.TYPE, "#status", "Status",
        "#v", TableSchema.VERSION, "#updated", TableSchema.UPDATED_AT));
    Map<String, AttributeValue> values = new HashMap<>(Map.of(":device", AttributeValue.fromS(Device.TYPE),
        ":status", AttributeValue.fromS(status), ":one", AttributeValue.fromN("1"),
        ":now", AttributeValue.fromS(Timestamps.format(table.clock().instant()))));
    String condition = "#type = :device";
    if (expectedVersion != null) {
      condition += " AND #v = :expected";
      values.put(":expected", AttributeValue.fromN(Long.toString(expectedVersion)));
    }
    try {
      return Device.fromItem(table.updateAndGet(DevicesKeys.device(user, device),
          "SET #status = :status, #updated = :now ADD #v :one", condition, names, values));
    } catch (ConditionalCheckFailedException e) {
      Map<String, AttributeValue> old = e.hasItem() && !e.item().isEmpty() ? e.item() : null;
      if (old == null || !Device.TYPE.equals(Items.type(old)) || expectedVersion == null) {
        throw new NotFoundException("device");
      }
      throw new VersionMismatchException(expectedVersion, Items.n(old, TableSchema.VERSION));
    }
  }
}

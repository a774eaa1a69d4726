package dev.monotable.devices.data;

import dev.monotable.devices.Devices;
import dev.monotable.devices.DevicesPattern;
import dev.monotable.devices.keys.DevicesKeys;
import dev.monotable.devices.model.Device;
import dev.monotable.devices.model.DeviceTag;
import dev.monotable.devices.model.UserProfile;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.data.WriteTokens;
import dev.monotable.kit.data.TableGateway.HeadedPage;
import dev.monotable.kit.data.TableGateway.QuerySpec;
import dev.monotable.kit.data.WriteTransaction;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.errors.VersionMismatchException;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.HashMap;
import java.util.List;
import java.util.TreeSet;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/** A user's devices: one method per access pattern, each one request unless its Javadoc says otherwise. */
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
    Device d = Device.added(DevicesKeys.user(user), DevicesKeys.device(device), Fields.text("name", name, Devices.NAME_MAX),
        Fields.text("kind", kind, Devices.KIND_MAX), now);
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
    QuerySpec q = DevicesPattern.AP02.queryFor(Map.of("user", DevicesKeys.user(user)));
    return table.query(q, page, "devices").map(Device::fromItem);
  }

  /**
   * AP14, the seed's dashboard: one Query of GSI1, {@code GSI1PK = USER#{user} AND GSI1SK BETWEEN
   * #PROFILE AND DEVICE#~}, in key order: the profile ({@code #PROFILE} sorts first) and then the
   * devices, each carrying copies of its newest events ({@code Recent}); the user's events, under
   * {@code EVENT#} in the same index partition, sort after the range and are not read. The first
   * page carries the profile; later pages (with the cursor) carry devices only. Copies older than
   * the retention horizon are left out, as the events themselves are. When the first page finds no
   * profile, one consistent GetItem of it follows (the index may not have it yet).
   *
   * @throws NotFoundException {@code user}: there is no such profile
   */
  public Dashboard dashboard(String user, PageRequest page) {
    QuerySpec q = DevicesPattern.AP14.queryFor(Map.of("user", DevicesKeys.user(user)));
    HeadedPage p = table.queryWithHead(q, item -> UserProfile.TYPE.equals(Items.type(item)), true, page, "dashboard");
    if (p.head() == null && page.cursor() == null) {
      // GSI1 trails the table: a profile created a moment ago may not be there yet. One consistent
      // GetItem tells that new user (an empty dashboard) from no user (404).
      UserProfile profile = table.get(DevicesKeys.profile(user)).map(UserProfile::fromItem)
          .orElseThrow(() -> new NotFoundException("user"));
      return new Dashboard(profile, p.page().map(Device::fromItem));
    }
    String horizon = Timestamps.format(Events.horizon(table.clock().instant()));
    return new Dashboard(p.head() == null ? null : UserProfile.fromItem(p.head()),
        p.page().map(Device::fromItem).map(d -> withRecentAfter(d, horizon)));
  }

  private static Device withRecentAfter(Device d, String horizon) {
    List<Device.Reading> live = d.recent().stream().filter(r -> r.at().compareTo(horizon) >= 0).toList();
    return new Device(d.user(), d.device(), d.name(), d.kind(), d.status(), d.version(), d.createdAt(), d.updatedAt(),
        d.tags(), live, d.recentRev(), d.deletingAt(), d.deletedEvents());
  }

  /** A dashboard page: the profile (null after the first page) and the devices. */
  public record Dashboard(UserProfile profile, Page<Device> devices) {}

  /**
   * AP06: one UpdateItem of the device's {@code Status} and/or {@code Name}, {@code Version + 1} and
   * {@code UpdatedAt}, conditioned on the device existing and not being deleted and, with
   * {@code expectedVersion}, on {@code Version} being it; returns the device as stored after
   * (ALL_NEW). A new name reaches the device's events through the stream (the name-copy function).
   *
   * @param status the new status, or null to keep it
   * @param name the new name, or null to keep it
   * @param expectedVersion the If-Match version, or null to update whatever version is current
   * @throws ValidationException neither is given, or one is invalid (nothing written)
   * @throws NotFoundException {@code device} (nothing written)
   * @throws ConflictException {@code device}: being deleted (nothing written)
   * @throws VersionMismatchException {@code expectedVersion} is stale (nothing written)
   */
  public Device update(String user, String device, String status, String name, Long expectedVersion) {
    if (status == null && name == null) {
      throw new ValidationException(null, "give status, name or both");
    }
    if (status != null && !Device.STATUSES.contains(status)) {
      throw new ValidationException("status", "status must be one of " + String.join(", ", Device.STATUSES));
    }
    Map<String, String> names = new HashMap<>(Map.of("#type", TableSchema.TYPE, "#v", TableSchema.VERSION,
        "#updated", TableSchema.UPDATED_AT, "#deleting", "DeletingAt", "#wt", TableSchema.WRITE_TOKEN));
    String token = WriteTokens.next();
    Map<String, AttributeValue> values = new HashMap<>(Map.of(":device", AttributeValue.fromS(Device.TYPE),
        ":one", AttributeValue.fromN("1"), ":now", AttributeValue.fromS(Timestamps.format(table.clock().instant())),
        ":wt", AttributeValue.fromS(token)));
    StringBuilder set = new StringBuilder("SET #updated = :now, #wt = :wt");
    if (status != null) {
      names.put("#status", "Status");
      values.put(":status", AttributeValue.fromS(status));
      set.append(", #status = :status");
    }
    if (name != null) {
      names.put("#name", "Name");
      values.put(":name", AttributeValue.fromS(Fields.text("name", name, Devices.NAME_MAX)));
      set.append(", #name = :name");
    }
    // The write's token refuses the SDK's retry of this very update, which then knows the item as its own result.
    String condition = "#type = :device AND attribute_not_exists(#deleting) AND (attribute_not_exists(#wt) OR #wt <> :wt)";
    if (expectedVersion != null) {
      condition += " AND #v = :expected";
      values.put(":expected", AttributeValue.fromN(Long.toString(expectedVersion)));
    }
    try {
      return Device.fromItem(table.updateAndGet(DevicesKeys.device(user, device), set + " ADD #v :one", condition,
          names, values));
    } catch (ConditionalCheckFailedException e) {
      Map<String, AttributeValue> old = e.hasItem() && !e.item().isEmpty() ? e.item() : null;
      if (TableGateway.isOwnWrite(old, token)) {
        return Device.fromItem(old);
      }
      if (old == null || !Device.TYPE.equals(Items.type(old))) {
        throw new NotFoundException("device");
      }
      if (old.containsKey("DeletingAt")) {
        throw new ConflictException("device", "device " + device + " is being deleted");
      }
      throw new VersionMismatchException(expectedVersion, Items.n(old, TableSchema.VERSION));
    }
  }

  /**
   * Sets a device's tags: one GetItem of the device, then one TransactWriteItems: an Update of the
   * device's {@code Tags} and {@code Version} conditioned on the version read (a concurrent change
   * cancels it: 412 with If-Match, else a 409 to retry), a Put of each new tag item and a Delete of
   * each dropped one, so the tag items in GSI2 always match the device's {@code Tags}.
   *
   * @throws ValidationException a tag is malformed or there are more than {@link Device#TAGS_MAX}
   * @throws NotFoundException {@code device}
   * @throws ConflictException {@code device}: being deleted, or changed concurrently
   * @throws VersionMismatchException {@code expectedVersion} is stale
   */
  public Device setTags(String user, String device, List<String> tags, Long expectedVersion) {
    if (tags == null || tags.size() > Device.TAGS_MAX) {
      throw new ValidationException("tags", "tags must be a list of at most " + Device.TAGS_MAX + " tags");
    }
    TreeSet<String> wanted = new TreeSet<>();
    for (String tag : tags) {
      wanted.add(DevicesKeys.tag(tag));
    }
    Device d = get(user, device);
    if (d.deletingAt() != null) {
      throw new ConflictException("device", "device " + device + " is being deleted");
    }
    if (expectedVersion != null && expectedVersion != d.version()) {
      throw new VersionMismatchException(expectedVersion, d.version());
    }
    String now = Timestamps.format(table.clock().instant());
    Device after = new Device(d.user(), d.device(), d.name(), d.kind(), d.status(), d.version() + 1, d.createdAt(),
        now, List.copyOf(wanted), d.recent(), d.recentRev(), null, 0);
    if (wanted.equals(new TreeSet<>(d.tags()))) {
      return d;
    }
    WriteTransaction tx = new WriteTransaction(table);
    Map<String, AttributeValue> values = new HashMap<>(Map.of(":v", AttributeValue.fromN(Long.toString(d.version())),
        ":one", AttributeValue.fromN("1"), ":now", AttributeValue.fromS(now)));
    String set = "SET #updated = :now";
    String remove = "";
    if (wanted.isEmpty()) {
      remove = " REMOVE #tags";
    } else {
      values.put(":tags", AttributeValue.fromSs(List.copyOf(wanted)));
      set += ", #tags = :tags";
    }
    int update = tx.update(DevicesKeys.device(user, device), set + remove + " ADD #v :one",
        "#v = :v AND attribute_not_exists(#deleting)", Map.of("#v", TableSchema.VERSION, "#updated",
            TableSchema.UPDATED_AT, "#tags", "Tags", "#deleting", "DeletingAt"), values);
    for (String tag : wanted) {
      if (!d.tags().contains(tag)) {
        tx.put(new DeviceTag(d.user(), d.device(), tag, now).toItem(), null, Map.of(), Map.of());
      }
    }
    for (String tag : d.tags()) {
      if (!wanted.contains(tag)) {
        tx.delete(DevicesKeys.tag(user, device, tag), null, Map.of());
      }
    }
    return tx.commit(after, f -> {
      if (f.failed(update)) {
        if (expectedVersion != null) {
          throw new VersionMismatchException(expectedVersion, d.version() + 1);
        }
        throw new ConflictException("device", "device " + device + " changed while its tags were set; try again");
      }
      return null;
    });
  }

  /**
   * A user's devices carrying {@code tag}: one Query of GSI2, {@code GSI2PK = USER#{user}#TAG#{tag}},
   * in device order: the tag items, inverted (the table holds them under each device).
   */
  public Page<DeviceTag> byTag(String user, String tag, PageRequest page) {
    QuerySpec q = DevicesPattern.AP17.queryFor(Map.of("user", DevicesKeys.user(user), "tag", DevicesKeys.tag(tag)));
    return table.query(q, page, "tagged").map(DeviceTag::fromItem);
  }

  /** Items one deletion call removes at most: the rest waits for the next call (a Lambda's time is bounded). */
  public static final int DELETE_PAGES = 8;
  public static final int DELETE_PAGE_SIZE = 100;

  /**
   * What one deletion call did.
   *
   * @param deleted items (events, tags) removed by this call
   * @param deletedTotal items removed by every call of this deletion
   * @param done the device itself is gone: nothing of it is left
   */
  public record Removal(String device, int deleted, long deletedTotal, boolean done) {}

  /**
   * AP08: deletes a device with all its events and tags, resumably: the first UpdateItem marks the
   * device ({@code DeletingAt}, kept by later calls), so it takes no more events; then up to
   * {@link #DELETE_PAGES} rounds of one Query of the user's partition, {@code begins_with(SK,
   * DEVICE#{device}#)} (the device's events and tags, never another device's: the {@code #} ends
   * the id) and BatchWriteItem deletes of what it found, 25 per request; one UpdateItem adds the
   * count to {@code DeletedEvents} (the progress GET shows); when the Query finds nothing left,
   * one conditional Delete removes the device (a one-item TransactWriteItems, for its ClientRequestToken). A call that stops early (more left) is resumed
   * by calling again: every step is safe to repeat.
   *
   * @throws NotFoundException {@code device}: none, or another call of its deletion removed it first
   */
  public Removal delete(String user, String device) {
    Map<String, AttributeValue> marked;
    try {
      marked = table.updateAndGet(DevicesKeys.device(user, device), "SET #deleting = if_not_exists(#deleting, :now)",
          "#type = :device", Map.of("#type", TableSchema.TYPE, "#deleting", "DeletingAt"),
          Map.of(":device", AttributeValue.fromS(Device.TYPE),
              ":now", AttributeValue.fromS(Timestamps.format(table.clock().instant()))));
    } catch (ConditionalCheckFailedException e) {
      throw new NotFoundException("device");
    }
    long before = marked.containsKey("DeletedEvents") ? Items.n(marked, "DeletedEvents") : 0;
    QuerySpec q = QuerySpec.table(DevicesKeys.userPartition(user), DevicesKeys.deviceItemsPrefix(device));
    int deleted = 0;
    boolean left = true;
    String cursor = null;
    for (int round = 0; round < DELETE_PAGES && left; round++) {
      // The cursor, not a fresh Query: an eventually consistent read could still see what this call deleted.
      Page<Map<String, AttributeValue>> page = table.query(q, new PageRequest(DELETE_PAGE_SIZE, cursor), "deletion");
      List<Key> keys = page.items().stream().map(i -> new Key(i.get(TableSchema.PK).s(), i.get(TableSchema.SK).s()))
          .toList();
      for (int from = 0; from < keys.size(); from += 25) {
        table.batchDelete(keys.subList(from, Math.min(keys.size(), from + 25)));
      }
      deleted += keys.size();
      cursor = page.nextCursor();
      left = cursor != null;
    }
    // Another call of this deletion (a client deleting twice at once) may finish first: the device is
    // gone, as a later call would find it. The final Delete is a one-item transaction, not a DeleteItem,
    // for its ClientRequestToken: when its answer is lost, the SDK's retry is answered as the first
    // attempt (done) instead of finding the device gone (a 404 to the caller's own deletion); one more
    // write unit, once per device.
    try {
      if (left) {
        table.update(DevicesKeys.device(user, device), "ADD #deleted :n", "attribute_exists(#deleting)",
            Map.of("#deleted", "DeletedEvents", "#deleting", "DeletingAt"),
            Map.of(":n", AttributeValue.fromN(Integer.toString(deleted))));
        return new Removal(device, deleted, before + deleted, false);
      }
    } catch (ConditionalCheckFailedException e) {
      throw new NotFoundException("device");
    }
    WriteTransaction remove = new WriteTransaction(table);
    remove.delete(DevicesKeys.device(user, device), "attribute_exists(#deleting)", Map.of("#deleting", "DeletingAt"));
    remove.commit(failures -> {
      throw new NotFoundException("device");
    });
    return new Removal(device, deleted, before + deleted, true);
  }
}

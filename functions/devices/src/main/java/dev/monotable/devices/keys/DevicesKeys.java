package dev.monotable.devices.keys;

import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.keys.Timestamps;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import java.util.zip.CRC32;

/**
 * Every key of Devices's table, built from its templates; nothing else builds a key. Seed 002's
 * layout: one partition per user holding its profile, its devices, their tags and their events;
 * GSI1 is the user's collection read across devices, GSI2 the lookups that start elsewhere than a
 * user (an event type, the active users, a tag).
 *
 * <pre>
 * PK USER#{user}            SK #PROFILE                              the user's profile
 *                           SK DEVICE#{device}                       a device
 *                           SK DEVICE#{device}#TAG#{tag}             a tag of the device
 *                           SK DEVICE#{device}#EVENT#{ts}#{seq}      an event of the device
 * PK DEVICESTATUS#{shard}   SK #COUNTS                               device counts by status, one shard
 *                           SK APPLIED#{record}                      a stream record counted (receipt)
 *
 * GSI1PK USER#{user}   GSI1SK #PROFILE                  the profile, then
 *                      GSI1SK DEVICE#{device}           the devices (patterns 2, 14), then
 *                      GSI1SK EVENT#{ts}#{device}#{seq} every event of the user, in time order (5)
 * GSI2PK EVENTTYPE#{type}#{shard}  GSI2SK {ts}#{user}#{device}#{seq}   events of a type (9)
 * GSI2PK ACTIVE                    GSI2SK {ts}#{user}                  active profiles, sparse (11)
 * GSI2PK USER#{user}#TAG#{tag}     GSI2SK DEVICE#{device}              a user's devices by tag
 * </pre>
 *
 * The seed lists a user's devices with {@code begins_with(SK, "DEVICE#")} on the table; that range
 * also holds every event of every device, so the devices are listed from GSI1, where a device's
 * key sorts before every event's ({@code DEVICE#} &lt; {@code EVENT#}). Write sharding (AWS's
 * "calculated suffix"): an event type's partition and the status counts are hot keys, so each is
 * spread over a fixed number of shards chosen by a hash of the device, and read back with one
 * request per shard (docs/devices/relationship-decisions.md, "Write sharding").
 */
public final class DevicesKeys {

  public static final Template USER = Template.of("USER#{user}");
  public static final Template PROFILE = Template.of("#PROFILE");
  public static final Template DEVICE = Template.of("DEVICE#{device}");
  public static final Template EVENT = Template.of("DEVICE#{device}#EVENT#{ts}#{seq}");
  /** The low end of a device's events from a time: sorts before every event at or after {@code ts}. */
  public static final Template EVENTS_FROM = Template.of("DEVICE#{device}#EVENT#{ts}");
  /** The high end of a device's events up to a time: {@code ~} sorts after every sequence at {@code ts}. */
  public static final Template EVENTS_TO = Template.of("DEVICE#{device}#EVENT#{ts}#~");

  /** GSI1: a user's events across devices in time order (AP05). */
  public static final Template EVENT_BY_USER = Template.of("EVENT#{ts}#{device}#{seq}");
  public static final Template USER_EVENTS_FROM = Template.of("EVENT#{ts}");
  public static final Template USER_EVENTS_TO = Template.of("EVENT#{ts}#~");
  public static final Template TAG = Template.of("DEVICE#{device}#TAG#{tag}");
  /** GSI2: a user's devices carrying a tag. */
  public static final Template TAGGED = Template.of("USER#{user}#TAG#{tag}");
  /** GSI2: one shard of an event type's events (AP09). */
  public static final Template EVENT_TYPE = Template.of("EVENTTYPE#{type}#{shard}");
  public static final Template EVENT_OF_TYPE = Template.of("{ts}#{user}#{device}#{seq}");
  /** GSI2: profiles of users active lately, written only once a user has an event (AP11, sparse). */
  public static final Template ACTIVE = Template.of("ACTIVE");
  public static final Template ACTIVE_USER = Template.of("{ts}#{user}");
  /** One shard of the device counts by status (AP10), and the receipts of the records it counted. */
  public static final Template STATUS_COUNTS = Template.of("DEVICESTATUS#{shard}");
  public static final Template COUNTS = Template.of("#COUNTS");
  public static final Template APPLIED = Template.of("APPLIED#{record}");

  /** Shards of an event type's GSI2 partition; AP09 reads each once (docs/devices/sharding.md). */
  public static final int EVENT_TYPE_SHARDS = 8;
  /** Shards of the device counts by status; AP10 reads them in one BatchGetItem. */
  public static final int STATUS_SHARDS = 10;

  /** User and device ids: 1-64 lower-case letters, digits and hyphens, so no input can add a {@code #}. */
  public static final Pattern ID = Pattern.compile("^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$");
  /** An event's client sequence in its key: 8 digits, so keys at one timestamp sort by sequence. */
  public static final Pattern SEQ = Pattern.compile("^[0-9]{8}$");
  public static final int SEQ_MAX = 99_999_999;
  /** Event types and tags: 1-40 lower-case letters, digits, {@code -}, {@code _} or {@code .}; they are key segments. */
  public static final Pattern LABEL = Pattern.compile("^[a-z0-9][a-z0-9._-]{0,39}$");
  /** A stream record's id as a receipt's key segment. */
  private static final Pattern RECORD = Pattern.compile("^[A-Za-z0-9-]{1,128}$");

  private DevicesKeys() {}

  /** A validated user id. */
  public static String user(String user) {
    return id("user", user);
  }

  /** A validated device id. */
  public static String device(String device) {
    return id("device", device);
  }

  /** A validated event timestamp (ISO-8601 UTC with milliseconds). */
  public static String timestamp(String field, String ts) {
    return Timestamps.param(field, ts); // the kit's one rule, for read and write routes alike
  }

  /** A validated event type. */
  public static String eventType(String type) {
    return label("type", type);
  }

  /** A validated tag. */
  public static String tag(String tag) {
    return label("tag", tag);
  }

  /**
   * The calculated suffix of a device's writes to a sharded key: CRC-32 of {@code user/device}
   * modulo {@code shards}, so a device always lands in the same shard and the devices spread
   * evenly over all of them.
   */
  public static int shard(String user, String device, int shards) {
    CRC32 crc = new CRC32();
    crc.update((user(user) + "/" + device(device)).getBytes(StandardCharsets.UTF_8));
    return (int) (crc.getValue() % shards);
  }

  /** The user's partition. */
  public static String userPartition(String user) {
    return USER.fill(user(user));
  }

  public static Key profile(String user) {
    return new Key(userPartition(user), PROFILE.fill());
  }

  public static Key device(String user, String device) {
    return new Key(userPartition(user), DEVICE.fill(device(device)));
  }

  /** The profile's GSI1 key: the head of the user's dashboard. */
  public static Key profileByUser(String user) {
    return profile(user);
  }

  /** The device's GSI1 key: the user's devices, and nothing else, under {@code USER#{user}}. */
  public static Key deviceByUser(String user, String device) {
    return device(user, device);
  }

  public static Key event(String user, String device, String ts, int seq) {
    return new Key(userPartition(user), EVENT.fill(device(device), timestamp("at", ts), seq(seq)));
  }

  /** The event's GSI1 key: the user's events across devices in time order. */
  public static Key eventByUser(String user, String device, String ts, int seq) {
    return new Key(userPartition(user), EVENT_BY_USER.fill(timestamp("at", ts), device(device), seq(seq)));
  }

  /** The event's GSI2 key: its type's shard, by time. */
  public static Key eventOfType(String type, String user, String device, String ts, int seq) {
    return new Key(eventTypeShard(type, shard(user, device, EVENT_TYPE_SHARDS)),
        EVENT_OF_TYPE.fill(timestamp("at", ts), user(user), device(device), seq(seq)));
  }

  /** One shard of an event type's GSI2 partition. */
  public static String eventTypeShard(String type, int shard) {
    if (shard < 0 || shard >= EVENT_TYPE_SHARDS) {
      throw new IllegalArgumentException("shard " + shard);
    }
    return EVENT_TYPE.fill(eventType(type), Integer.toString(shard));
  }

  /** The profile's GSI2 key once the user is active: the time of the activity, then the user. */
  public static Key activeUser(String user, String ts) {
    return new Key(ACTIVE.fill(), ACTIVE_USER.fill(timestamp("at", ts), user(user)));
  }

  public static Key tag(String user, String device, String tag) {
    return new Key(userPartition(user), TAG.fill(device(device), tag(tag)));
  }

  /** The tag's GSI2 key: the user's devices under the tag. */
  public static Key tagged(String user, String device, String tag) {
    return new Key(TAGGED.fill(user(user), tag(tag)), DEVICE.fill(device(device)));
  }

  /** The GSI2 partition of a user's devices carrying {@code tag}. */
  public static String taggedPartition(String user, String tag) {
    return TAGGED.fill(user(user), tag(tag));
  }

  /** Every item of a device in its user's partition: the device, its tags and its events. */
  public static String deviceItemsPrefix(String device) {
    return DEVICE.fill(device(device)) + "#";
  }

  public static Key statusCounts(int shard) {
    return new Key(STATUS_COUNTS.fill(statusShard(shard)), COUNTS.fill());
  }

  /** A status shard's number as its key segment; written by the service only, so a bad one is a bug. */
  public static String statusShard(int shard) {
    if (shard < 0 || shard >= STATUS_SHARDS) {
      throw new IllegalArgumentException("shard " + shard);
    }
    return Integer.toString(shard);
  }

  /** The receipt of one stream record counted in a shard: its presence makes a redelivery a no-op. */
  public static Key statusReceipt(int shard, String record) {
    String r = streamRecord(record);
    return new Key(statusCounts(shard).pk(), APPLIED.fill(r));
  }

  /** A stream record's id as a receipt's key segment. */
  public static String streamRecord(String record) {
    if (record == null || !RECORD.matcher(record).matches()) {
      throw new IllegalArgumentException("stream record id " + record);
    }
    return record;
  }

  /** The GSI1 sort-key bounds of a user's events from {@code from} to {@code to}, both inclusive. */
  public static SortRange userEventRange(String from, String to) {
    String f = timestamp("from", from);
    String t = timestamp("to", to);
    if (f.compareTo(t) > 0) {
      throw new ValidationException("from", "from must not be after to");
    }
    return new SortRange(USER_EVENTS_FROM.fill(f), USER_EVENTS_TO.fill(t));
  }

  /** An event's client sequence as its key segment: 8 digits. */
  public static String seq(int seq) {
    if (seq < 0 || seq > SEQ_MAX) {
      throw new ValidationException("seq", "seq must be from 0 to " + SEQ_MAX);
    }
    return String.format("%08d", seq);
  }

  /** The sort-key bounds of a device's events from {@code from} to {@code to}, both inclusive. */
  public static SortRange eventRange(String device, String from, String to) {
    String d = device(device);
    String f = timestamp("from", from);
    String t = timestamp("to", to);
    if (f.compareTo(t) > 0) {
      throw new ValidationException("from", "from must not be after to");
    }
    return new SortRange(EVENTS_FROM.fill(d, f), EVENTS_TO.fill(d, t));
  }

  /** Sort-key bounds of a {@code BETWEEN}, both inclusive. */
  public record SortRange(String from, String to) {}

  private static String label(String field, String value) {
    if (value == null || !LABEL.matcher(value).matches()) {
      throw new ValidationException(field, field + " must be 1-40 lower-case letters, digits, '-', '_' or '.', "
          + "starting with a letter or digit");
    }
    return value;
  }

  private static String id(String field, String value) {
    if (value == null || !ID.matcher(value).matches()) {
      throw new ValidationException(field, field + " must be 1-64 lower-case letters, digits or hyphens, "
          + "starting and ending with a letter or digit");
    }
    return value;
  }
}

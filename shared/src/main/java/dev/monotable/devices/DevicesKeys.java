package dev.monotable.devices;

import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.keys.Timestamps;
import java.util.regex.Pattern;

/**
 * Every key of Devices's table, built from its templates; nothing else builds a key. Seed 002's
 * layout: one partition per user holding its profile, its devices and their events.
 *
 * <pre>
 * PK USER#{user}   SK #PROFILE                              the user's profile
 *                  SK DEVICE#{device}                       a device
 *                  SK DEVICE#{device}#EVENT#{ts}#{seq}      an event of the device
 * GSI1PK USER#{user}  GSI1SK #PROFILE                      the profile, then
 *                     GSI1SK DEVICE#{device}                the devices: no event (patterns 2, 14)
 * </pre>
 *
 * The seed lists a user's devices with {@code begins_with(SK, "DEVICE#")} on the table; that range
 * also holds every event of every device, so the devices are listed from GSI1, where only device
 * items are written (sparse), with the same begins_with.
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

  /** User and device ids: 1-64 lower-case letters, digits and hyphens, so no input can add a {@code #}. */
  public static final Pattern ID = Pattern.compile("^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$");
  /** An event's client sequence in its key: 8 digits, so keys at one timestamp sort by sequence. */
  public static final Pattern SEQ = Pattern.compile("^[0-9]{8}$");
  public static final int SEQ_MAX = 99_999_999;

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
    try {
      Timestamps.parse(ts); // the fixed-width shape, and a real instant: no month 13, no February 30
      return ts;
    } catch (RuntimeException e) {
      throw new ValidationException(field, field + " must be an ISO-8601 UTC timestamp with milliseconds, "
          + "for example 2026-01-01T00:00:00.000Z");
    }
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
    if (seq < 0 || seq > SEQ_MAX) {
      throw new ValidationException("seq", "seq must be from 0 to " + SEQ_MAX);
    }
    return new Key(userPartition(user), EVENT.fill(device(device), timestamp("at", ts), String.format("%08d", seq)));
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

  private static String id(String field, String value) {
    if (value == null || !ID.matcher(value).matches()) {
      throw new ValidationException(field, field + " must be 1-64 lower-case letters, digits or hyphens, "
          + "starting and ending with a letter or digit");
    }
    return value;
  }
}

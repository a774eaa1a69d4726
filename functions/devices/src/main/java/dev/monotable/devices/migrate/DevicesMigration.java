package dev.monotable.devices.migrate;

import dev.monotable.devices.EntityFirstTables;
import dev.monotable.devices.model.Device;
import dev.monotable.devices.model.Event;
import dev.monotable.devices.model.UserProfile;
import dev.monotable.kit.migrate.LegacyMapping;
import dev.monotable.kit.migrate.MigrationPlan;

/**
 * Seed 002's entity-first tables onto the Devices single table, declared (seed 004 §7.3, phase 1):
 * Users by {@code userId} become profiles, Devices by {@code deviceId} devices in their owner's
 * partition, Events by {@code eventId} events. The entity derives every key and index attribute.
 *
 * <p>What the old design never stored gets a declared value: {@link #MIGRATED_CREATED} for a device's and an
 * event's creation time, sequence 0 for an event (the old design had one event per device and instant, its
 * id said which), version 1 for a device. What the single table's stream functions keep (a device's recent
 * copies, the counts by status, a user's activity, the name copied onto events) is not mapped: they derive it
 * from the copied items.
 */
public final class DevicesMigration {
  /** The creation time of an item whose old design did not keep one. */
  public static final String MIGRATED_CREATED = "2026-01-01T00:00:00.000Z";

  public static final LegacyMapping USERS = LegacyMapping.of(UserProfile.ENTITY, "userId")
      .field("user", "userId").field("name", "name").field("email", "email").field("createdAt", "createdAt")
      .build();

  public static final LegacyMapping DEVICES = LegacyMapping.of(Device.ENTITY, "deviceId")
      .field("user", "userId").field("device", "deviceId").field("name", "name").field("kind", "type")
      .field("status", "status").constant("version", 1L)
      .constant("createdAt", MIGRATED_CREATED).constant("updatedAt", MIGRATED_CREATED)
      .build();

  public static final LegacyMapping EVENTS = LegacyMapping.of(Event.ENTITY, "eventId")
      .field("user", "userId").field("device", "deviceId").field("at", "timestamp").constant("seq", 0L)
      .field("eventType", "type").field("value", "value")
      .derived("ttl", old -> Event.expiresAt(old.get("timestamp").s()))
      .constant("createdAt", MIGRATED_CREATED)
      .build();

  private DevicesMigration() {}

  /** The three old tables onto {@code newTable}. */
  public static MigrationPlan plan(EntityFirstTables old, String newTable) {
    return MigrationPlan.onto(newTable).from(old.users(), USERS).from(old.devices(), DEVICES)
        .from(old.events(), EVENTS);
  }
}

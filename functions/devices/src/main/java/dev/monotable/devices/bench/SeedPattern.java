package dev.monotable.devices.bench;

/**
 * Seed 002's eleven access patterns and its dashboard, as {@code scripts/compare-designs} runs
 * them, with the frequency each is priced at: the seed states the dashboard (1000/min), the device
 * update (500/min) and analytics (10/hour); the others are this project's assumptions, said so in
 * the report.
 */
public enum SeedPattern {
  PROFILE("1", "user profile", 100, false, false),
  DEVICES("2", "a user's devices", 100, false, false),
  DEVICE("3", "device details", 200, false, false),
  DEVICE_EVENTS("4", "a device's events, last 30 days, newest first", 200, false, false),
  USER_EVENTS("5", "a user's events across devices, last 30 days", 50, false, false),
  UPDATE_STATUS("6", "device status update", 500, true, true),
  ADD_DEVICE("7", "add a device", 10, false, true),
  DELETE_DEVICE("8", "delete a device with its events", 1, false, true),
  EVENTS_OF_TYPE("9", "events of a type, last 7 days, newest 100", 10.0 / 60, true, false),
  COUNT_BY_STATUS("10", "device counts by status", 10.0 / 60, true, false),
  ACTIVE_USERS("11", "users active in the last 30 days", 10.0 / 60, true, false),
  DASHBOARD("D", "dashboard: profile, devices, each device's 10 newest events", 1000, true, false),
  DASHBOARD_AS_SEED_SHOWS("D*", "the same dashboard as the seed's code writes it (Scans)", 1000, true, false);

  private final String id;
  private final String title;
  private final double perMinute;
  private final boolean seedFrequency;
  private final boolean writes;

  SeedPattern(String id, String title, double perMinute, boolean seedFrequency, boolean writes) {
    this.id = id;
    this.title = title;
    this.perMinute = perMinute;
    this.seedFrequency = seedFrequency;
    this.writes = writes;
  }

  public String id() {
    return id;
  }

  public String title() {
    return title;
  }

  /** Calls per minute the monthly cost assumes. */
  public double perMinute() {
    return perMinute;
  }

  /** True when the seed states the frequency; false when the report assumes it. */
  public boolean seedFrequency() {
    return seedFrequency;
  }

  /** True for the patterns that write (each run gets fresh arguments). */
  public boolean writes() {
    return writes;
  }

  /** Calls in a 30-day month. */
  public double perMonth() {
    return perMinute * 60 * 24 * 30;
  }
}

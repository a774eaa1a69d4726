package dev.monotable.forge.e2e;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The wall clock plus an offset the test moves: time keeps running (each write gets a later
 * timestamp, as ST1 needs), and a TTL flow can jump days ahead in one call.
 */
final class MovableClock extends Clock {
  private volatile Duration offset = Duration.ZERO;

  void advance(Duration d) {
    offset = offset.plus(d);
  }

  @Override
  public Instant instant() {
    return Instant.now().plus(offset);
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }
}

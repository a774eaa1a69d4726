package dev.monotable.devices.functions.streams;

import dev.monotable.devices.data.StreamWrites;
import dev.monotable.devices.functions.DevicesServices;
import dev.monotable.devices.model.Event;
import dev.monotable.kit.stream.ChangeRecord;
import dev.monotable.kit.stream.StreamHandler;

/**
 * ST1: each new event into its device's {@code Recent} (the dashboard's newest events, AP14) and
 * its user's {@code ActiveAt} (AP11's sparse index). Both writes are merges that a redelivered or
 * late record cannot disturb, so no receipt is needed.
 */
public final class RecentEventsHandler extends StreamHandler<DevicesServices> {
  private final StreamWrites writes;

  public RecentEventsHandler() {
    this(DevicesServices.fromEnvironment());
  }

  public RecentEventsHandler(DevicesServices services) {
    super(services);
    this.writes = new StreamWrites(services.table());
  }

  @Override
  protected Effect apply(ChangeRecord record) {
    if (!"INSERT".equals(record.eventName())) {
      return Effect.IGNORED;
    }
    Event e = Event.fromItem(record.image());
    StreamWrites.Outcome recent = writes.addRecent(e);
    StreamWrites.Outcome active = writes.markActive(e.user(), e.at());
    if (recent == StreamWrites.Outcome.APPLIED || active == StreamWrites.Outcome.APPLIED) {
      return Effect.APPLIED;
    }
    return recent == StreamWrites.Outcome.NO_TARGET ? Effect.IGNORED : Effect.ALREADY_APPLIED;
  }
}

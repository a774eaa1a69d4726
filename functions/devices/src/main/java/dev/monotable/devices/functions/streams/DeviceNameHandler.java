package dev.monotable.devices.functions.streams;

import dev.monotable.devices.data.StreamWrites;
import dev.monotable.devices.functions.DevicesServices;
import dev.monotable.devices.model.Device;
import dev.monotable.kit.data.StreamEffect;
import dev.monotable.kit.stream.ChangeRecord;
import dev.monotable.kit.stream.StreamHandler;

/**
 * ST3: a renamed device's name onto its events (the seed's denormalization: an event list shows
 * device names without a second read). Each event is updated only from an older name version, so
 * a redelivered rename writes nothing and an older rename cannot overwrite a newer one. Until the
 * record is applied (the stream's lag, typically under a second, plus one UpdateItem per event),
 * events show the old name: docs/devices/relationship-decisions.md.
 */
public final class DeviceNameHandler extends StreamHandler<DevicesServices> {
  private final StreamWrites writes;

  public DeviceNameHandler() {
    this(DevicesServices.fromEnvironment());
  }

  public DeviceNameHandler(DevicesServices services) {
    super(services);
    this.writes = new StreamWrites(services.table());
  }

  @Override
  protected StreamEffect apply(ChangeRecord record) {
    if (!"MODIFY".equals(record.eventName()) || record.oldImage() == null) {
      return StreamEffect.IGNORED;
    }
    Device before = Device.fromItem(record.oldImage());
    Device after = Device.fromItem(record.newImage());
    if (before.name().equals(after.name())) {
      return StreamEffect.IGNORED;
    }
    return writes.copyName(after.user(), after.device(), after.name(), after.version()) > 0
        ? StreamEffect.APPLIED : StreamEffect.ALREADY_APPLIED;
  }
}

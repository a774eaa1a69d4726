package dev.monotable.devices.data;

import dev.monotable.devices.DevicesKeys;
import dev.monotable.devices.model.UserProfile;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.keys.Segments;
import dev.monotable.kit.keys.Timestamps;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/** User profiles: one method per access pattern, each one request. */
public final class Profiles {

  private final TableGateway table;

  public Profiles(TableGateway table) {
    this.table = table;
  }

  /**
   * AP12: one PutItem of the profile, {@code attribute_not_exists(PK)}.
   *
   * @throws ConflictException {@code user}: the user has a profile (nothing written)
   */
  public UserProfile create(String user, String name, String email) {
    UserProfile p = new UserProfile(DevicesKeys.user(user), Fields.text("name", name, Fields.NAME_MAX),
        Segments.email("email", email), Timestamps.format(table.clock().instant()));
    try {
      table.putIfAbsent(p.toItem());
    } catch (ConditionalCheckFailedException e) {
      throw new ConflictException("user", "user " + user + " exists");
    }
    return p;
  }

  /**
   * AP01: one GetItem of {@code USER#{user} / #PROFILE}.
   *
   * @throws NotFoundException {@code user}
   */
  public UserProfile get(String user) {
    return table.get(DevicesKeys.profile(user)).map(UserProfile::fromItem)
        .orElseThrow(() -> new NotFoundException("user"));
  }
}

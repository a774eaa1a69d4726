package dev.monotable.devices.data;

import dev.monotable.devices.Devices;
import dev.monotable.devices.keys.DevicesKeys;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway.QuerySpec;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.time.Duration;
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
   * AP12: one PutItem of the profile, {@code attribute_not_exists(PK)}; the SDK's retry of a create
   * whose answer was lost knows the profile it meets as its own ({@link TableGateway#putIfAbsentOnce}).
   *
   * @throws ConflictException {@code user}: the user has a profile (nothing written)
   */
  public UserProfile create(String user, String name, String email) {
    UserProfile p = new UserProfile(DevicesKeys.user(user), Fields.text("name", name, Devices.NAME_MAX),
        Segments.email("email", email), Timestamps.format(table.clock().instant()));
    try {
      table.putIfAbsentOnce(p.toItem());
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

  /** How long "active in the last N days" may look back. */
  public static final int ACTIVE_DAYS_MAX = 90;

  /**
   * AP11: the users active in the last {@code days} days, most recent first: one Query of GSI2's
   * sparse {@code ACTIVE} partition, {@code GSI2SK >= {now - days}}; a profile is there only once
   * its user has had an event (the activity stream function writes {@code ActiveAt}).
   *
   * @throws ValidationException {@code days} outside 1..{@link #ACTIVE_DAYS_MAX}
   */
  public Page<UserProfile> active(int days, PageRequest page) {
    if (days < 1 || days > ACTIVE_DAYS_MAX) {
      throw new ValidationException("days", "days must be from 1 to " + ACTIVE_DAYS_MAX);
    }
    String since = Timestamps.format(table.clock().instant().minus(Duration.ofDays(days)));
    QuerySpec q = QuerySpec.between(Gsi.GSI2, DevicesKeys.ACTIVE.fill(), since, "~").newestFirst();
    return table.query(q, page, "active").map(UserProfile::fromItem);
  }
}

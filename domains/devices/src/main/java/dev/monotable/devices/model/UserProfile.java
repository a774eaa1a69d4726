package dev.monotable.devices.model;

import dev.monotable.devices.keys.DevicesKeys;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A user's profile, the head of the user's partition ({@code #PROFILE}) and of the user's GSI1
 * partition, where the dashboard reads it with the devices in one Query. {@code ActiveAt} (the
 * day the user's devices last sent an event, kept by a stream function) puts the profile in GSI2's
 * {@code ACTIVE} partition; a user who never had an event is not in that index at all (sparse).
 */
public record UserProfile(String user, String name, String email, String createdAt, String activeAt) {

  public static final String TYPE = "User";

  public UserProfile(String user, String name, String email, String createdAt) {
    this(user, name, email, createdAt, null);
  }

  public Map<String, AttributeValue> toItem() {
    Items.Builder b = Items.builder(TYPE, DevicesKeys.profile(user))
        .gsi(Gsi.GSI1, DevicesKeys.profileByUser(user))
        .gsi(Gsi.GSI2, activeAt == null ? null : DevicesKeys.activeUser(user, activeAt))
        .s("User", user).s("Name", name).s("Email", email);
    if (activeAt != null) {
      b.s("ActiveAt", activeAt);
    }
    return b.audit(createdAt, createdAt).build();
  }

  public static UserProfile fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    return new UserProfile(Items.s(item, "User"), Items.s(item, "Name"), Items.s(item, "Email"),
        Items.s(item, TableSchema.CREATED_AT), item.containsKey("ActiveAt") ? Items.s(item, "ActiveAt") : null);
  }
}

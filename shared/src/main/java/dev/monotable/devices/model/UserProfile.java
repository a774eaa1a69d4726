package dev.monotable.devices.model;

import dev.monotable.devices.DevicesKeys;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A user's profile, the head of the user's partition ({@code #PROFILE}) and of the user's GSI1
 * partition, where the dashboard reads it with the devices in one Query.
 */
public record UserProfile(String user, String name, String email, String createdAt) {

  public static final String TYPE = "User";

  public Map<String, AttributeValue> toItem() {
    return Items.builder(TYPE, DevicesKeys.profile(user))
        .gsi(Gsi.GSI1, DevicesKeys.profileByUser(user))
        .s("User", user).s("Name", name).s("Email", email)
        .audit(createdAt, createdAt)
        .build();
  }

  public static UserProfile fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    return new UserProfile(Items.s(item, "User"), Items.s(item, "Name"), Items.s(item, "Email"),
        Items.s(item, TableSchema.CREATED_AT));
  }
}

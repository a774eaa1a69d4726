package dev.monotable.devices.model;

import dev.monotable.devices.keys.DevicesKeys;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.entity.Entity.KeyPart;
import dev.monotable.kit.entity.Entity.Variant;
import dev.monotable.kit.entity.Entity.When;
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

  /** The layout, declared once: the item, its keys and the entity chart come from it. */
  public static final Entity ENTITY = Entity.of(TYPE, DevicesKeys.USER, DevicesKeys.PROFILE)
      .index(Gsi.GSI1, DevicesKeys.USER, DevicesKeys.PROFILE)
      .attributes(
          Attr.segment("User", "user", DevicesKeys.ID, "the user's id").keyed(v -> DevicesKeys.user((String) v)),
          Attr.string("Name", "name", "the user's name"),
          Attr.string("Email", "email", "the user's e-mail address, lower-case"))
      .variants(
          Variant.of("never active", When.absent("activeAt")),
          Variant.of("active", When.present("activeAt"))
              .index(Gsi.GSI2, KeyPart.of(DevicesKeys.ACTIVE),
                  KeyPart.of(DevicesKeys.ACTIVE_USER).from("ts", "activeAt", v -> DevicesKeys.timestamp("at", (String) v)))
              .attributes(Attr.string("ActiveAt", "activeAt",
                  "the time of an event of the user's devices, at most an hour behind the newest")
                  .changes(Attr.Change.ATOMIC)))
      .requiredByChartOnly()
      .build();

  public UserProfile(String user, String name, String email, String createdAt) {
    this(user, name, email, createdAt, null);
  }

  public Map<String, AttributeValue> toItem() {
    return ENTITY.toItem(Entity.fields("user", user, "name", name, "email", email, "activeAt", activeAt,
        "createdAt", createdAt));
  }

  public static UserProfile fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    return new UserProfile(Items.s(item, "User"), Items.s(item, "Name"), Items.s(item, "Email"),
        Items.s(item, TableSchema.CREATED_AT), item.containsKey("ActiveAt") ? Items.s(item, "ActiveAt") : null);
  }
}

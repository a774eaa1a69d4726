package dev.monotable.forge.model;

import static dev.monotable.kit.schema.TableSchema.*;

import dev.monotable.forge.keys.ForgeSegments;
import dev.monotable.forge.keys.Keys;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.entity.Entity.KeyPart;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A user account; {@code username} keeps its display form, keys hold it lower-cased. */
public record User(String username, String email, String name, String bio,
    String createdAt, String updatedAt, long version) {

  public static final String TYPE = "User";

  private static final KeyPart ACCOUNT = KeyPart.of(Keys.ACCOUNT).from("account", "username");

  /** The layout, declared once: the item, its keys and the entity chart come from it. */
  public static final Entity ENTITY = Entity.of(TYPE, ACCOUNT, ACCOUNT)
      .index(Gsi.GSI1, ACCOUNT, ACCOUNT)
      .index(Gsi.GSI3, ACCOUNT, ACCOUNT)
      .attributes(
          Attr.segment("Username", "username", ForgeSegments.ACCOUNT, "display form of the account name")
              .keyed(ForgeSegments.accountKey("username")),
          Attr.string("Email", "email", "e-mail address, reserved by its AccountEmail item")
              .changes(Attr.Change.VERSIONED),
          Attr.string("Name", "name", "display name").optional().changes(Attr.Change.VERSIONED),
          Attr.string("Bio", "bio", "profile text").optional().changes(Attr.Change.VERSIONED))
      .versioned()
      .requiredByChartOnly()
      .build();

  public Map<String, AttributeValue> toItem() {
    return ENTITY.toItem(Entity.fields("username", username, "email", email, "name", name, "bio", bio,
        "createdAt", createdAt, "updatedAt", updatedAt, "version", version));
  }

  public static User fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    return new User(Items.s(item, "Username"), Items.s(item, "Email"), Items.s(item, "Name"),
        Items.s(item, "Bio"), Items.s(item, CREATED_AT), Items.s(item, UPDATED_AT), Items.n(item, VERSION));
  }
}

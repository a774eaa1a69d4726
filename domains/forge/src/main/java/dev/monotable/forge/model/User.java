package dev.monotable.forge.model;

import dev.monotable.kit.items.Items;

import static dev.monotable.kit.schema.TableSchema.*;

import dev.monotable.forge.keys.Keys;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A user account; {@code username} keeps its display form, keys hold it lower-cased. */
public record User(String username, String email, String name, String bio,
    String createdAt, String updatedAt, long version) {

  public static final String TYPE = "User";

  public Map<String, AttributeValue> toItem() {
    return Items.builder(TYPE, Keys.account(username))
        .gsi(Gsi.GSI1, Keys.account(username))
        .gsi(Gsi.GSI3, Keys.account(username))
        .s("Username", username).s("Email", email).s("Name", name).s("Bio", bio)
        .audit(createdAt, updatedAt).n(VERSION, version)
        .build();
  }

  public static User fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    return new User(Items.s(item, "Username"), Items.s(item, "Email"), Items.s(item, "Name"),
        Items.s(item, "Bio"), Items.s(item, CREATED_AT), Items.s(item, UPDATED_AT), Items.n(item, VERSION));
  }
}

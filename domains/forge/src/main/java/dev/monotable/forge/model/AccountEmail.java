package dev.monotable.forge.model;

import dev.monotable.kit.items.Items;

import static dev.monotable.kit.schema.TableSchema.*;

import dev.monotable.forge.keys.Keys;
import java.util.Locale;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Uniqueness tracking item: at most one account per (lower-cased) e-mail address. */
public record AccountEmail(String email, String username, String createdAt) {

  public static final String TYPE = "AccountEmail";

  public Map<String, AttributeValue> toItem() {
    return Items.builder(TYPE, Keys.accountEmail(email))
        .s("Email", email.toLowerCase(Locale.ROOT)).s("Username", username)
        .audit(createdAt, createdAt)
        .build();
  }

  public static AccountEmail fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    return new AccountEmail(Items.s(item, "Email"), Items.s(item, "Username"), Items.s(item, CREATED_AT));
  }
}

package dev.monotable.forge.model;

import static dev.monotable.kit.schema.TableSchema.*;

import dev.monotable.forge.keys.Keys;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.keys.Segments;
import java.util.Locale;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Uniqueness tracking item: at most one account per (lower-cased) e-mail address. */
public record AccountEmail(String email, String username, String createdAt) {

  public static final String TYPE = "AccountEmail";

  /** The layout, declared once: the item, its keys and the entity chart come from it. */
  public static final Entity ENTITY = Entity.of(TYPE, Keys.ACCOUNT_EMAIL, Keys.ACCOUNT_EMAIL)
      .attributes(
          Attr.string("Email", "email", "lower-cased address").keyed(v -> Segments.email("email", (String) v)),
          Attr.string("Username", "username", "the account holding the address"))
      .requiredByChartOnly()
      .build();

  public Map<String, AttributeValue> toItem() {
    return ENTITY.toItem(Entity.fields("email", email.toLowerCase(Locale.ROOT), "username", username,
        "createdAt", createdAt));
  }

  public static AccountEmail fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    return new AccountEmail(Items.s(item, "Email"), Items.s(item, "Username"), Items.s(item, CREATED_AT));
  }
}

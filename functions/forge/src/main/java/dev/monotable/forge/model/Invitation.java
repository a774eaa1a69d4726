package dev.monotable.forge.model;

import static dev.monotable.kit.schema.TableSchema.*;

import dev.monotable.forge.keys.ForgeSegments;
import dev.monotable.forge.keys.Keys;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.entity.Entity.KeyPart;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.keys.Segments;
import java.util.Locale;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A pending invitation; DynamoDB deletes it through {@code TTL} (epoch seconds) after 7 days. */
public record Invitation(String org, String email, Role role, String invitedBy, String createdAt, long expiresAt) {

  public static final String TYPE = "Invitation";

  /** The layout, declared once: the item, its keys and the entity chart come from it. */
  public static final Entity ENTITY = Entity.of(TYPE,
          KeyPart.of(Keys.ACCOUNT).from("account", "org"), KeyPart.of(Keys.INVITATION))
      .attributes(
          Attr.segment("Org", "org", ForgeSegments.ACCOUNT, "inviting organization (display form)")
              .keyed(ForgeSegments.accountKey("org")),
          Attr.string("Email", "email", "invited address, lower-cased").keyed(v -> Segments.email("email", (String) v)),
          Attr.string("Role", "role", "role granted on acceptance"),
          Attr.string("InvitedBy", "invitedBy", "the admin who invited"))
      .expires()
      .requiredByChartOnly()
      .build();

  public Map<String, AttributeValue> toItem() {
    return ENTITY.toItem(Entity.fields("org", org, "email", email.toLowerCase(Locale.ROOT), "role", role.value(),
        "invitedBy", invitedBy, "ttl", expiresAt, "createdAt", createdAt));
  }

  public static Invitation fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    return new Invitation(Items.s(item, "Org"), Items.s(item, "Email"), Role.parse("role", Items.s(item, "Role")),
        Items.s(item, "InvitedBy"), Items.s(item, CREATED_AT), Items.n(item, TTL));
  }
}

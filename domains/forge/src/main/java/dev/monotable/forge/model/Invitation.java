package dev.monotable.forge.model;

import dev.monotable.kit.items.Items;

import static dev.monotable.kit.schema.TableSchema.*;

import dev.monotable.forge.keys.Keys;
import java.util.Locale;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A pending invitation; DynamoDB deletes it through {@code TTL} (epoch seconds) after 7 days. */
public record Invitation(String org, String email, Role role, String invitedBy, String createdAt, long expiresAt) {

  public static final String TYPE = "Invitation";

  public Map<String, AttributeValue> toItem() {
    return Items.builder(TYPE, Keys.invitation(org, email))
        .s("Org", org).s("Email", email.toLowerCase(Locale.ROOT)).s("Role", role.value()).s("InvitedBy", invitedBy)
        .n(TTL, expiresAt)
        .audit(createdAt, createdAt)
        .build();
  }

  public static Invitation fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    return new Invitation(Items.s(item, "Org"), Items.s(item, "Email"), Role.parse("role", Items.s(item, "Role")),
        Items.s(item, "InvitedBy"), Items.s(item, CREATED_AT), Items.n(item, TTL));
  }
}

package dev.monotable.forge.model;

import dev.monotable.kit.items.Items;

import static dev.monotable.kit.schema.TableSchema.*;

import dev.monotable.forge.keys.Keys;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Adjacency-list item: the org's member (main table) and the member's org (GSI1). */
public record Membership(String org, String username, Role role, String createdAt, String updatedAt, long version) {

  public static final String TYPE = "Membership";
  public static final String ROLE = "Role";

  public Map<String, AttributeValue> toItem() {
    return Items.builder(TYPE, Keys.membership(org, username))
        .gsi(Gsi.GSI1, Keys.membershipGsi1(org, username))
        .s("Org", org).s("Username", username).s(ROLE, role.value())
        .audit(createdAt, updatedAt).n(VERSION, version)
        .build();
  }

  public static Membership fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    return new Membership(Items.s(item, "Org"), Items.s(item, "Username"), Role.parse("role", Items.s(item, ROLE)),
        Items.s(item, CREATED_AT), Items.s(item, UPDATED_AT), Items.n(item, VERSION));
  }
}

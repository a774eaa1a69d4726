package dev.monotable.forge.model;

import dev.monotable.kit.items.Items;

import static dev.monotable.kit.schema.TableSchema.*;

import dev.monotable.forge.keys.Keys;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An organization; shares the account namespace with users. {@code adminCount} lets a transaction
 * refuse to remove or demote the last admin without reading the member list.
 */
public record Organization(String org, String name, String description, long adminCount,
    String createdAt, String updatedAt, long version) {

  public static final String TYPE = "Organization";
  public static final String ADMIN_COUNT = "AdminCount";

  public Map<String, AttributeValue> toItem() {
    return Items.builder(TYPE, Keys.account(org))
        .gsi(Gsi.GSI1, Keys.account(org))
        .gsi(Gsi.GSI3, Keys.account(org))
        .s("Org", org).s("Name", name).s("Description", description).n(ADMIN_COUNT, adminCount)
        .audit(createdAt, updatedAt).n(VERSION, version)
        .build();
  }

  public static Organization fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    return new Organization(Items.s(item, "Org"), Items.s(item, "Name"), Items.s(item, "Description"),
        Items.n(item, ADMIN_COUNT), Items.s(item, CREATED_AT), Items.s(item, UPDATED_AT), Items.n(item, VERSION));
  }
}

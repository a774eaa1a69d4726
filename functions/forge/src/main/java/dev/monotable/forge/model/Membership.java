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

/** Adjacency-list item: the org's member (main table) and the member's org (GSI1). */
public record Membership(String org, String username, Role role, String createdAt, String updatedAt, long version) {

  public static final String TYPE = "Membership";
  public static final String ROLE = "Role";

  /** The layout, declared once: the item, its keys and the entity chart come from it. */
  public static final Entity ENTITY = Entity.of(TYPE,
          KeyPart.of(Keys.ACCOUNT).from("account", "org"), KeyPart.of(Keys.MEMBER))
      .index(Gsi.GSI1, KeyPart.of(Keys.ACCOUNT).from("account", "username"), KeyPart.of(Keys.ORG_OF_MEMBER))
      .attributes(
          Attr.segment("Org", "org", ForgeSegments.ACCOUNT, "organization (display form)")
              .keyed(ForgeSegments.accountKey("org")),
          Attr.segment("Username", "username", ForgeSegments.ACCOUNT, "member (display form)")
              .keyed(ForgeSegments.accountKey("username")),
          Attr.string(ROLE, "role", "admin or member").changes(Attr.Change.VERSIONED))
      .versioned()
      .requiredByChartOnly()
      .build();

  public Map<String, AttributeValue> toItem() {
    return ENTITY.toItem(Entity.fields("org", org, "username", username, "role", role.value(),
        "createdAt", createdAt, "updatedAt", updatedAt, "version", version));
  }

  public static Membership fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    return new Membership(Items.s(item, "Org"), Items.s(item, "Username"), Role.parse("role", Items.s(item, ROLE)),
        Items.s(item, CREATED_AT), Items.s(item, UPDATED_AT), Items.n(item, VERSION));
  }
}

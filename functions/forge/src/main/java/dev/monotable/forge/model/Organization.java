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

/**
 * An organization; shares the account namespace with users. {@code adminCount} lets a transaction
 * refuse to remove or demote the last admin without reading the member list.
 */
public record Organization(String org, String name, String description, long adminCount,
    String createdAt, String updatedAt, long version) {

  public static final String TYPE = "Organization";
  public static final String ADMIN_COUNT = "AdminCount";

  private static final KeyPart ACCOUNT = KeyPart.of(Keys.ACCOUNT).from("account", "org");

  /** The layout, declared once: the item, its keys and the entity chart come from it. */
  public static final Entity ENTITY = Entity.of(TYPE, ACCOUNT, ACCOUNT)
      .index(Gsi.GSI1, ACCOUNT, ACCOUNT)
      .index(Gsi.GSI3, ACCOUNT, ACCOUNT)
      .attributes(
          // The account namespace is one: an organization's key is built as a user's is (Keys.account).
          Attr.segment("Org", "org", ForgeSegments.ACCOUNT, "display form of the organization name")
              .keyed(ForgeSegments.accountKey("username")),
          Attr.string("Name", "name", "display name").optional().changes(Attr.Change.VERSIONED),
          Attr.string("Description", "description", "description").optional().changes(Attr.Change.VERSIONED),
          Attr.number(ADMIN_COUNT, "adminCount",
              "number of admins; transactions refuse to remove or demote the last one").changes(Attr.Change.ATOMIC))
      .versioned()
      .requiredByChartOnly()
      .build();

  public Map<String, AttributeValue> toItem() {
    return ENTITY.toItem(Entity.fields("org", org, "name", name, "description", description,
        "adminCount", adminCount, "createdAt", createdAt, "updatedAt", updatedAt, "version", version));
  }

  public static Organization fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    return new Organization(Items.s(item, "Org"), Items.s(item, "Name"), Items.s(item, "Description"),
        Items.n(item, ADMIN_COUNT), Items.s(item, CREATED_AT), Items.s(item, UPDATED_AT), Items.n(item, VERSION));
  }
}

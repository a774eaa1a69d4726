package dev.monotable.forge.model;

import static dev.monotable.kit.schema.TableSchema.TTL;
import static dev.monotable.kit.schema.TableSchema.VERSION;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.monotable.forge.keys.Keys;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The items of Forge's entities declared with {@link dev.monotable.kit.entity.Entity} are the items
 * their hand-written {@code toItem} wrote before: each legacy builder below is that code, kept as
 * the reference, so a declaration that drifts from the stored layout fails here and not in a table.
 */
class ForgeItemsTest {

  static final String T0 = "2026-01-02T03:04:05.678Z";
  static final String T1 = "2026-02-03T04:05:06.789Z";

  @Test
  void user_shouldWriteTheItemItAlwaysWrote() {
    for (User u : new User[] {new User("Alice", "alice@example.com", "Alice A.", "hello", T0, T1, 3),
        new User("bob", "bob@example.com", null, null, T0, T0, 1)}) {
      Map<String, AttributeValue> legacy = Items.builder(User.TYPE, Keys.account(u.username()))
          .gsi(Gsi.GSI1, Keys.account(u.username()))
          .gsi(Gsi.GSI3, Keys.account(u.username()))
          .s("Username", u.username()).s("Email", u.email()).s("Name", u.name()).s("Bio", u.bio())
          .audit(u.createdAt(), u.updatedAt()).n(VERSION, u.version())
          .build();
      assertEquals(legacy, u.toItem());
      assertEquals(u, User.fromItem(u.toItem()));
    }
  }

  @Test
  void accountEmail_shouldWriteTheItemItAlwaysWrote() {
    AccountEmail e = new AccountEmail("Alice@Example.com", "Alice", T0);
    Map<String, AttributeValue> legacy = Items.builder(AccountEmail.TYPE, Keys.accountEmail(e.email()))
        .s("Email", e.email().toLowerCase(Locale.ROOT)).s("Username", e.username())
        .audit(e.createdAt(), e.createdAt())
        .build();
    assertEquals(legacy, e.toItem());
  }

  @Test
  void organization_shouldWriteTheItemItAlwaysWrote() {
    for (Organization o : new Organization[] {new Organization("Acme", "Acme Inc.", "tools", 2, T0, T1, 4),
        new Organization("initech", null, null, 1, T0, T0, 1)}) {
      Map<String, AttributeValue> legacy = Items.builder(Organization.TYPE, Keys.account(o.org()))
          .gsi(Gsi.GSI1, Keys.account(o.org()))
          .gsi(Gsi.GSI3, Keys.account(o.org()))
          .s("Org", o.org()).s("Name", o.name()).s("Description", o.description())
          .n(Organization.ADMIN_COUNT, o.adminCount())
          .audit(o.createdAt(), o.updatedAt()).n(VERSION, o.version())
          .build();
      assertEquals(legacy, o.toItem());
      assertEquals(o, Organization.fromItem(o.toItem()));
    }
  }
}

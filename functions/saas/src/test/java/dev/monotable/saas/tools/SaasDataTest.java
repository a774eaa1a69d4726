package dev.monotable.saas.tools;

import static dev.monotable.testing.ExpectedItems.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.keys.Key;
import dev.monotable.saas.SaasPattern;
import dev.monotable.saas.model.Organization;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TableOf;
import dev.monotable.testing.TestTable;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The demo data's exact items against the local engine (no TTL sweeper: an expired invitation stays
 * until DynamoDB would delete it), and the accept's refusal of an expired one by its declared condition.
 */
@ExtendWith(DynamoDbExtension.class)
@TableOf(dev.monotable.saas.Saas.class)
class SaasDataTest {
  private static final String T0 = "2090-01-01T00:00:00.000Z"; // the engine deletes what expired in its own time
  private final TestTable table;
  private final MutableClock clock = MutableClock.at(T0);
  private final TableGateway gateway;

  SaasDataTest(TestTable table) {
    this.table = table;
    this.gateway = table.gateway(clock);
  }

  @Test
  void theDemoData_shouldBeTheseItems_exactly_andAnExpiredInvitationRefused() {
    SaasDev.seed(gateway);
    long expires = clock.instant().plus(Duration.ofDays(7)).getEpochSecond();
    String expiresAt = "2090-01-08T00:00:00.000Z";
    assertEquals(item("PK", "ORG#acme", "SK", "INVITATION#cy@example.com", "GSI1PK", "EMAIL#cy@example.com",
        "GSI1SK", "INVITATION#acme", "Type", "Invitation", "Org", "acme", "Email", "cy@example.com", "Role", "member",
        "InvitedBy", "ann", "ExpiresAt", expiresAt, "TTL", expires, "CreatedAt", T0, "UpdatedAt", T0, "SchemaVersion", 1),
        table.item(new Key("ORG#acme", "INVITATION#cy@example.com")).orElseThrow());
    assertEquals(item("PK", "ORG#acme", "SK", "USER#bob", "GSI1PK", "USER#bob", "GSI1SK", "ORG#acme",
        "Type", "Membership", "Org", "acme", "Username", "bob", "Role", "member", "CreatedAt", T0, "UpdatedAt", T0,
        "SchemaVersion", 1), table.item(new Key("ORG#acme", "USER#bob")).orElseThrow());
    assertTrue(table.item(new Key("ORG#acme", "INVITATION#bob@example.com")).isEmpty(), "bob's accepted");
    assertEquals("2", table.item(new Key("ORG#acme", "ORG#acme")).orElseThrow().get("Members").n());

    // Expired once its TTL is in the past (DynamoDB's rule, the kit's Expiry): a second after the seven days.
    clock.advance(Duration.ofDays(7).plusSeconds(1));
    NotFoundException expired = assertThrows(NotFoundException.class, () -> SaasDev.write(gateway, SaasPattern.SA13,
        "org", "acme", "email", "cy@example.com", "role", "member", "caller", "cy"));
    assertTrue(expired.getMessage().contains("invitation"), expired.getMessage());
    assertTrue(table.item(new Key("ORG#acme", "INVITATION#cy@example.com")).isPresent(), "nothing deleted");
    assertTrue(table.item(new Key("ORG#acme", "USER#cy")).isEmpty(), "nothing written");
    assertEquals(15, table.scanAll().size(), "3 users and claims, 2 orgs, 3 members, 2 plans, 2 invitations");
  }
}

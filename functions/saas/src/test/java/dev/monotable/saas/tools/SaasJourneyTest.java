package dev.monotable.saas.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.keys.Key;
import dev.monotable.kit.testing.ServedDomain;
import dev.monotable.saas.model.Organization;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The SaaS routes over HTTP on the demo data (ann owns acme, bob a member, cy invited), as API
 * Gateway and Lambda serve them, with the exact items checked in the table.
 */
class SaasJourneyTest {
  private static ServedDomain<?> served;

  @BeforeAll
  static void serve() {
    served = ServedDomain.start(new SaasDev());
  }

  @AfterAll
  static void stop() {
    served.close();
  }

  private static ServedDomain.Reply send(String as, String method, String path, String body) {
    Map<String, String> auth = as == null ? Map.of() : Map.of("authorization", "Bearer " + served.token(as, List.of()));
    return served.send(method, path, Map.of(), auth, body == null ? null : body.getBytes(StandardCharsets.UTF_8));
  }

  /** The item's keys, index keys, Type and the named attributes, as strings. */
  private static Map<String, String> item(String pk, String sk, String... attrs) {
    Map<String, AttributeValue> item = served.table().item(new Key(pk, sk)).orElse(null);
    if (item == null) {
      return null;
    }
    Map<String, String> out = new LinkedHashMap<>();
    for (String a : List.of(List.of("PK", "SK", "GSI1PK", "GSI1SK", "Type"), List.of(attrs)).stream()
        .flatMap(List::stream).toList()) {
      AttributeValue v = item.get(a);
      if (v != null) {
        out.put(a, v.s() != null ? v.s() : v.n());
      }
    }
    return out;
  }

  @Test
  void signUp_createAnOrg_invite_andAccept_shouldWriteTheExactItems() {
    assertEquals(201, send("dee", "PUT", "/users/dee", "{\"email\":\"Dee@Example.com\",\"name\":\"Dee\"}").status());
    assertEquals(Map.of("PK", "USER#dee", "SK", "USER#dee", "GSI1PK", "EMAIL#dee@example.com",
        "GSI1SK", "EMAIL#dee@example.com", "Type", "User", "Email", "dee@example.com"),
        item("USER#dee", "USER#dee", "Email"));
    assertEquals(Map.of("PK", "EMAIL#dee@example.com", "SK", "EMAIL#dee@example.com", "Type", "UserEmail",
        "Username", "dee"), item("EMAIL#dee@example.com", "EMAIL#dee@example.com", "Username"));
    assertEquals(409, send("eve", "PUT", "/users/eve", "{\"email\":\"dee@example.com\",\"name\":\"E\"}").status());

    var org = send("dee", "PUT", "/orgs/deco", "{\"name\":\"Deco\"}");
    assertEquals(201, org.status(), org.body());
    assertEquals(Map.of("PK", "ORG#deco", "SK", "ORG#deco", "Type", "Organization", "Members", "1"),
        item("ORG#deco", "ORG#deco", "Members"));
    assertEquals(Map.of("PK", "ORG#deco", "SK", "USER#dee", "GSI1PK", "USER#dee", "GSI1SK", "ORG#deco",
        "Type", "Membership", "Role", "owner"), item("ORG#deco", "USER#dee", "Role"));
    assertEquals(Map.of("PK", "ORG#deco", "SK", "SUBSCRIPTION#deco", "Type", "Subscription", "Plan", "free"),
        item("ORG#deco", "SUBSCRIPTION#deco", "Plan"));
    assertEquals(404, send("ghost", "PUT", "/orgs/ghosts", "{\"name\":\"G\"}").status(), "no such caller");
    assertEquals(null, item("ORG#ghosts", "ORG#ghosts"));

    var invited = send("dee", "PUT", "/orgs/deco/invitations/bob@example.com", "{\"role\":\"admin\"}");
    assertEquals(201, invited.status(), invited.body());
    Map<String, String> invitation = item("ORG#deco", "INVITATION#bob@example.com", "Role", "InvitedBy", "TTL");
    long ttl = Long.parseLong(invitation.remove("TTL"));
    assertEquals(Map.of("PK", "ORG#deco", "SK", "INVITATION#bob@example.com", "GSI1PK", "EMAIL#bob@example.com",
        "GSI1SK", "INVITATION#deco", "Type", "Invitation", "Role", "admin", "InvitedBy", "dee"), invitation);
    assertTrue(Math.abs(ttl - Instant.now().plusSeconds(7 * 86400).getEpochSecond()) < 60, "expires in 7 days");
    assertEquals(404, send("bob", "POST", "/orgs/deco/invitations/bob@example.com/accept", "{\"role\":\"member\"}")
        .status(), "the role invited, no other");
    assertEquals(403, send("cy", "POST", "/orgs/deco/invitations/bob@example.com/accept", "{\"role\":\"admin\"}")
        .status(), "another user's invitation");

    var accepted = send("bob", "POST", "/orgs/deco/invitations/bob@example.com/accept", "{\"role\":\"admin\"}");
    assertEquals(201, accepted.status(), accepted.body());
    assertEquals(null, item("ORG#deco", "INVITATION#bob@example.com"));
    assertEquals(Map.of("PK", "ORG#deco", "SK", "USER#bob", "GSI1PK", "USER#bob", "GSI1SK", "ORG#deco",
        "Type", "Membership", "Role", "admin"), item("ORG#deco", "USER#bob", "Role"));
    assertEquals("2", item("ORG#deco", "ORG#deco", "Members").get("Members"), "counted in the same transaction");
    assertEquals(409, send("bob", "POST", "/orgs/deco/invitations/bob@example.com/accept", "{\"role\":\"admin\"}")
        .status(), "accepted once: a repeat is a member already");
  }

  @Test
  void anExpiredInvitation_shouldBeRefusedAtAccept_beforeDynamoDbDeletesIt() {
    Instant past = Instant.now().minusSeconds(60);
    served.table().put(Organization.INVITATION.toItem(Map.of("org", "acme", "email", "cy@example.com", "role",
        "member", "invitedBy", "ann", "expiresAt", past.toString(), "ttl", past.getEpochSecond(),
        "createdAt", "2026-01-01T00:00:00.000Z")));
    assertEquals(404, send("cy", "POST", "/orgs/acme/invitations/cy@example.com/accept", "{\"role\":\"member\"}")
        .status());
    assertEquals(null, item("ORG#acme", "USER#cy"), "no member written");
    assertEquals("2", item("ORG#acme", "ORG#acme", "Members").get("Members"), "ann and bob: cy not counted");
  }

  @Test
  void membersOnlyReads_andOwnerAdminWrites_shouldRefuseOthers_with403() {
    assertEquals(200, send("bob", "GET", "/orgs/acme", null).status(), "a member reads");
    assertEquals(403, send("cy", "GET", "/orgs/acme", null).status(), "cy is only invited");
    assertEquals(403, send("cy", "GET", "/orgs/none", null).status(), "no 404 to a non-member");
    assertEquals(401, send(null, "GET", "/orgs/acme", null).status());
    var members = send("bob", "GET", "/orgs/acme/members", null);
    assertEquals(List.of("ann", "bob"), ((List<?>) members.json().get("items")).stream()
        .map(m -> ((Map<?, ?>) m).get("username")).toList());
    var orgs = send("bob", "GET", "/users/bob/orgs", null);
    assertEquals(List.of("acme", "globex"), ((List<?>) orgs.json().get("items")).stream()
        .map(m -> ((Map<?, ?>) m).get("org")).toList(), "the other direction: GSI1");
    assertEquals(403, send("bob", "GET", "/orgs/acme/invitations", null).status(), "a member is no admin");
    assertEquals(201, send("ann", "PUT", "/orgs/acme/invitations/fay@example.com", "{\"role\":\"member\"}").status());
    assertTrue(((List<?>) send("ann", "GET", "/orgs/acme/invitations", null).json().get("items")).stream()
        .anyMatch(i -> ((Map<?, ?>) i).get("email").equals("fay@example.com")));

    assertEquals(403, send("bob", "PATCH", "/orgs/acme/subscription", "{\"plan\":\"team\"}").status());
    assertEquals(403, send("bob", "PUT", "/orgs/acme/invitations/x@example.com", "{\"role\":\"member\"}").status());
    assertEquals(null, item("ORG#acme", "INVITATION#x@example.com"), "refused: nothing written");
    var changed = served.send("PATCH", "/orgs/acme/subscription", Map.of(), Map.of("authorization", "Bearer "
        + served.token("ann", List.of()), "if-match", "\"1\""), "{\"plan\":\"team\",\"seats\":5}".getBytes());
    assertEquals(200, changed.status(), changed.body());
    assertEquals(Map.of("PK", "ORG#acme", "SK", "SUBSCRIPTION#acme", "Type", "Subscription", "Plan", "team",
        "Seats", "5", "Version", "2"), item("ORG#acme", "SUBSCRIPTION#acme", "Plan", "Seats", "Version"));
    assertEquals(412, served.send("PATCH", "/orgs/acme/subscription", Map.of(), Map.of("authorization", "Bearer "
        + served.token("ann", List.of()), "if-match", "\"1\""), "{\"seats\":9}".getBytes()).status(), "stale");
    assertEquals("team", send("bob", "GET", "/orgs/acme/subscription", null).json().get("plan"));
  }

  @Test
  void badInput_shouldBe400_andWriteNothing() {
    assertEquals(400, send("ann", "PUT", "/orgs/acme/invitations/x@example.com", "{\"role\":\"owner\"}").status());
    assertEquals(400, send("ann", "PATCH", "/orgs/acme/subscription", "{\"plan\":\"gold\",\"seats\":5}").status());
    assertEquals(400, send("ann", "PUT", "/orgs/NOT%23OK", "{\"name\":\"x\"}").status(), "no key's structure changed");
    assertEquals(400, send("ann", "PUT", "/orgs/acme/invitations/X@example.com", "{\"role\":\"member\"}").status(),
        "a path's address in lower case, as its key rule and the document say");
    assertEquals(null, item("ORG#acme", "INVITATION#x@example.com"));
  }
}

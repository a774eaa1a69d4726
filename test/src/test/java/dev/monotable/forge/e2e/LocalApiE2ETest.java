package dev.monotable.forge.e2e;

import static dev.monotable.forge.e2e.ForgeFixtures.assertError;
import static dev.monotable.forge.e2e.ForgeFixtures.json;
import static dev.monotable.forge.e2e.ForgeFixtures.lower;
import static dev.monotable.forge.e2e.ForgeFixtures.unique;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.forge.e2e.Forge.Reply;
import dev.monotable.kit.local.LocalKeys;
import dev.monotable.kit.devauth.JwtSigner;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.json.Json;
import dev.monotable.forge.keys.Keys;
import dev.monotable.testing.LocalDynamoDb;
import dev.monotable.testing.TestTable;
import java.nio.charset.StandardCharsets;
import java.security.KeyPairGenerator;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The local service as API Gateway would serve it (AP42 and the emulation around every route):
 * health, JWKS, route matching (404, 405, decoded path parameters), the JWT authorizer on
 * REQUIRED and OPTIONAL routes, the 1 MiB body limit and malformed bodies.
 */
@ExtendWith(ForgeExtension.class)
class LocalApiE2ETest {
  private static final int MIB = 1024 * 1024;

  private final Forge forge;
  private final TestTable table;
  private final ForgeFixtures fx;

  LocalApiE2ETest(Forge forge, TestTable table) {
    this.forge = forge;
    this.table = table;
    this.fx = new ForgeFixtures(forge);
  }

  private String issuer() {
    return LocalKeys.ISSUER;
  }

  private Map<String, Object> claims(String username, String issuer, Object audience, long exp) {
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("iss", issuer);
    c.put("aud", audience);
    c.put("sub", username);
    c.put("username", username);
    c.put("iat", Instant.now().getEpochSecond() - 60);
    c.put("exp", exp);
    return c;
  }

  // ---- AP42 GET /health, JWKS -----------------------------------------------------------------

  @Test
  void health_shouldAnswerOkWithTableAndEndpoint_whenCalledWithoutToken() {
    Reply r = forge.get("/health").send();
    Reply withGarbageToken = forge.get("/health").header("authorization", "Bearer garbage").send();

    assertEquals(200, r.status(), r::toString);
    assertEquals(json("status", "ok", "table", table.name(), "endpoint", LocalDynamoDb.endpoint().toString()),
        r.json());
    assertEquals("application/json", r.header("content-type"));
    // a route without an authorizer ignores the Authorization header, as API Gateway does
    assertEquals(r.json(), withGarbageToken.json());
  }

  @Test
  void jwks_shouldPublishTheVerifyingKey_whenFetched() {
    Reply r = forge.get("/.well-known/jwks.json").send();

    assertEquals(200, r.status(), r::toString);
    assertEquals("application/json", r.header("content-type"));
    @SuppressWarnings("unchecked")
    Map<String, Object> key = ((List<Map<String, Object>>) r.json().get("keys")).get(0);
    assertEquals("RSA", key.get("kty"));
    assertEquals(LocalKeys.KID, key.get("kid"));
    assertEquals("RS256", key.get("alg"));
    // a verifier that knows only the published JWKS accepts a token of the local issuer
    JwtVerifier verifier = new JwtVerifier(issuer(), LocalKeys.AUDIENCE, r::body, Clock.systemUTC());
    assertEquals("Zelda", verifier.verify("Bearer " + forge.token("Zelda")).username());
  }

  // ---- routing --------------------------------------------------------------------------------

  @Test
  void route_shouldAnswer404Or405Json_whenPathOrMethodUnknown() {
    assertError(forge.get("/nothing-here").send(), 404, "not_found", null);
    assertError(forge.get("/users/alice/unknown").send(), 404, "not_found", null);
    assertError(forge.get("/users/").send(), 404, "not_found", null);
    assertError(forge.delete("/users/alice").send(), 405, "method_not_allowed", null);
    assertError(forge.get("/repos").send(), 405, "method_not_allowed", null);
    assertError(forge.post("/health").send(), 405, "method_not_allowed", null);
  }

  @Test
  void pathParameters_shouldBeDecodedThenValidated_whenPercentEncoded() {
    // GIVEN alice with a repository whose name has a dot
    String alice = fx.user("Alice");
    fx.repo(alice, alice, "my.repo", false);
    String bob = fx.user("Bob");

    // WHEN segments are percent-encoded, THEN they are decoded before the handler sees them
    Reply user = forge.get("/users/%41" + alice.substring(1)).send();
    assertEquals(200, user.status(), user::toString);
    assertEquals(alice, user.json().get("username"));
    Reply repo = forge.get("/repos/" + alice + "/my%2Erepo").send();
    assertEquals(200, repo.status(), repo::toString);
    assertEquals("my.repo", repo.json().get("name"));
    assertEquals(204, forge.put("/user/starred/" + alice + "/my%2erepo").as(bob).send().status());
    assertTrue(table.item(Keys.star(bob, alice, "my.repo")).isPresent());

    // and an encoded slash, hash or plus is part of the value, which then breaks the name rule
    var before = fx.snapshot();
    assertError(forge.get("/users/" + lower(alice) + "%2Fx").send(), 400, "validation", "username");
    assertError(forge.get("/users/" + lower(alice) + "%23x").send(), 400, "validation", "username");
    assertError(forge.get("/users/" + lower(alice) + "+x").send(), 400, "validation", "username");
    assertError(forge.get("/repos/" + alice + "/a%2Fb").send(), 400, "validation", "repo");
    assertError(forge.put("/user/starred/" + alice + "/my.repo%23x").as(bob).send(), 400, "validation", "repo");
    fx.assertUnchanged(before);
  }

  // ---- JWT authorizer -------------------------------------------------------------------------

  @Test
  void requiredRoute_shouldAnswer401AndWriteNothing_whenTokenMissingOrInvalid() throws Exception {
    // GIVEN tokens for a user who could otherwise create the profile
    String name = unique("Victor");
    long now = Instant.now().getEpochSecond();
    JwtSigner local = forge.keys().signer();
    KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
    g.initialize(2048);
    JwtSigner impostor = new JwtSigner(g.generateKeyPair(), LocalKeys.KID);
    Map<String, Object> noUsername = claims(name, issuer(), LocalKeys.AUDIENCE, now + 3600);
    noUsername.remove("username");
    noUsername.remove("sub");
    String valid = local.sign(claims(name, issuer(), LocalKeys.AUDIENCE, now + 3600));
    String unsigned = valid.substring(0, valid.lastIndexOf('.')) + ".";
    String noneAlg = Base64.getUrlEncoder().withoutPadding()
        .encodeToString("{\"alg\":\"none\",\"kid\":\"monotable-local-1\"}".getBytes(StandardCharsets.UTF_8))
        + valid.substring(valid.indexOf('.'), valid.lastIndexOf('.')) + ".";
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("missing", null);
    headers.put("expired", "Bearer " + local.sign(claims(name, issuer(), LocalKeys.AUDIENCE, now - 3600)));
    headers.put("wrongly signed", "Bearer " + impostor.sign(claims(name, issuer(), LocalKeys.AUDIENCE, now + 3600)));
    headers.put("wrong issuer", "Bearer " + local.sign(claims(name, "https://evil.example", LocalKeys.AUDIENCE,
        now + 3600)));
    headers.put("wrong audience", "Bearer " + local.sign(claims(name, issuer(), "another-app", now + 3600)));
    headers.put("no username", "Bearer " + local.sign(noUsername));
    headers.put("no signature", "Bearer " + unsigned);
    headers.put("alg none", "Bearer " + noneAlg);
    headers.put("malformed", "Bearer abc.def");
    headers.put("not bearer", "Basic " + Base64.getEncoder().encodeToString("a:b".getBytes(StandardCharsets.UTF_8)));
    var before = fx.snapshot();

    // WHEN / THEN each is refused before any handler runs
    for (Map.Entry<String, String> h : headers.entrySet()) {
      Forge.Call call = forge.post("/users").json("username", name, "email", lower(name) + "@x.io");
      if (h.getValue() != null) {
        call.header("authorization", h.getValue());
      }
      Reply r = call.send();
      assertEquals(401, r.status(), h.getKey() + ": " + r);
      assertError(r, 401, "unauthorized", null);
    }
    fx.assertUnchanged(before);

    // and the same request with the valid token goes through
    Reply ok = forge.post("/users").header("authorization", "Bearer " + valid)
        .json("username", name, "email", lower(name) + "@x.io").send();
    assertEquals(201, ok.status(), ok::toString);
  }

  @Test
  void optionalRoute_shouldServeAnonymousOrAnswer401_whenTokenAbsentOrInvalid() {
    // GIVEN a public and a private repository
    String alice = fx.user("Alice");
    fx.repo(alice, alice, "pub", false);
    fx.repo(alice, alice, "priv", true);
    long now = Instant.now().getEpochSecond();
    String expired = "Bearer " + forge.keys().signer().sign(claims(alice, issuer(), LocalKeys.AUDIENCE, now - 3600));

    // WHEN / THEN no token: anonymous
    assertEquals(200, forge.get("/repos/" + alice + "/pub").send().status());
    assertError(forge.get("/repos/" + alice + "/priv").send(), 404, "not_found", null);
    // a valid token: the caller
    assertEquals(200, forge.get("/repos/" + alice + "/priv").as(alice).send().status());
    // an invalid token is never downgraded to anonymous
    assertError(forge.get("/repos/" + alice + "/pub").header("authorization", expired).send(),
        401, "unauthorized", null);
    assertError(forge.get("/repos/" + alice + "/pub").header("authorization", "Bearer nonsense").send(),
        401, "unauthorized", null);
    assertError(forge.get("/users/" + alice + "/starred").header("authorization", expired).send(),
        401, "unauthorized", null);
    assertError(forge.get("/users/" + alice + "/repos").header("authorization", expired).send(),
        401, "unauthorized", null);
  }

  // ---- bodies ---------------------------------------------------------------------------------

  @Test
  void body_shouldAnswer413AndWriteNothing_whenOver1MiB() {
    String name = unique("Big");
    String prefix = "{\"username\":\"" + name + "\",\"email\":\"" + lower(name) + "@x.io\",\"bio\":\"";
    String overLimit = prefix + "x".repeat(MIB - prefix.length() - 2 + 1) + "\"}";
    assertEquals(MIB + 1, overLimit.getBytes(StandardCharsets.UTF_8).length);
    var before = fx.snapshot();

    Reply r = forge.post("/users").as(name).raw(overLimit).send();

    assertError(r, 413, "payload_too_large", null);
    fx.assertUnchanged(before);
  }

  @Test
  void body_shouldBeAccepted_whenExactly1MiB() {
    // GIVEN a valid body padded with whitespace to exactly 1 MiB
    String name = unique("Edge");
    String valid = Json.write(json("username", name, "email", lower(name) + "@x.io"));
    String exact = valid + " ".repeat(MIB - valid.length());
    assertEquals(MIB, exact.getBytes(StandardCharsets.UTF_8).length);

    Reply r = forge.post("/users").as(name).raw(exact).send();

    assertEquals(201, r.status(), r::toString);
  }

  @Test
  void body_shouldAnswer413AndWriteNothing_whenOver1MiBOnARouteThatTakesNoBody() {
    // GIVEN a repository to star, and bodies over 1 MiB: one byte per character, and two bytes per
    // character with fewer characters than the limit
    String alice = fx.user("Alice");
    fx.repo(alice, alice, "lib", false);
    String bob = fx.user("Bob");
    String ascii = "{\"x\":\"" + "a".repeat(MIB) + "\"}";
    String accented = "{\"x\":\"" + "\u00e9".repeat(600_000) + "\"}";
    assertTrue(accented.length() < MIB && accented.getBytes(StandardCharsets.UTF_8).length > MIB);
    var before = fx.snapshot();

    // WHEN / THEN
    assertError(forge.put("/user/starred/" + alice + "/lib").as(bob).raw(ascii).send(),
        413, "payload_too_large", null);
    assertError(forge.put("/user/starred/" + alice + "/lib").as(bob).raw(accented).send(),
        413, "payload_too_large", null);
    fx.assertUnchanged(before);
  }

  @Test
  void body_shouldAnswer400AndWriteNothing_whenNotAJsonObject() {
    String name = unique("Json");
    var before = fx.snapshot();

    for (String bad : List.of("{\"username\":", "[{\"username\":\"x\"}]", "null", "\"text\"", "42", "", "   ",
        "{\"username\":\"" + name + "\",}", "{\"bio\":" + "[".repeat(100_000) + "]".repeat(100_000) + "}")) {
      Reply r = forge.post("/users").as(name).raw(bad).send();
      assertEquals(400, r.status(), "body <" + bad.substring(0, Math.min(bad.length(), 40)) + ">: " + r);
      assertError(r, 400, "invalid_body", null);
    }
    Reply noBody = forge.post("/users").as(name).send();
    assertError(noBody, 400, "invalid_body", null);
    fx.assertUnchanged(before);
  }

  @Test
  void queryParameters_shouldAnswer400WithField_whenLimitIsNotANumberFrom1To100() {
    String alice = fx.user("Alice");
    for (String limit : List.of("0", "101", "abc", "-1", "", "1.5")) {
      Reply r = forge.get("/users/" + alice + "/repos").query("limit", limit).send();
      assertError(r, 400, "validation", "limit");
    }
    assertEquals(200, forge.get("/users/" + alice + "/repos").query("limit", "100").send().status());
  }
}

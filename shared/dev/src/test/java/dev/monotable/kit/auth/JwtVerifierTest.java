package dev.monotable.kit.auth;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.devauth.JwtSigner;
import dev.monotable.kit.errors.UnauthorizedException;
import dev.monotable.testing.MutableClock;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class JwtVerifierTest {
  private static final String ISS = "http://127.0.0.1:3000";
  private static final String AUD = "monotable-local";
  private static KeyPair keys;
  private static KeyPair otherKeys;

  private final MutableClock clock = MutableClock.at("2026-01-01T00:00:00Z");

  @BeforeAll
  static void keys() throws Exception {
    KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
    g.initialize(2048);
    keys = g.generateKeyPair();
    otherKeys = g.generateKeyPair();
  }

  private JwtVerifier verifier() {
    JwtSigner signer = new JwtSigner(keys, "k1");
    return new JwtVerifier(ISS, AUD, signer::jwks, clock);
  }

  private long now() {
    return clock.instant().getEpochSecond();
  }

  @Test
  void verify_shouldReturnUsername_whenTokenIsValid() {
    String token = new JwtSigner(keys, "k1").sign(ISS, AUD, "Alice", now(), now() + 3600);
    Claims c = verifier().verify("Bearer " + token);
    assertEquals("Alice", c.username());
  }

  @Test
  void verify_shouldReject_whenExpired() {
    String token = new JwtSigner(keys, "k1").sign(ISS, AUD, "alice", now(), now() + 3600);
    clock.advance(Duration.ofHours(2));
    UnauthorizedException e = assertThrows(UnauthorizedException.class, () -> verifier().verify(token));
    assertEquals("token expired", e.getMessage());
  }

  @Test
  void verify_shouldReject_whenSignedByAnotherKeyWithSameKid() {
    String token = new JwtSigner(otherKeys, "k1").sign(ISS, AUD, "alice", now(), now() + 3600);
    assertThrows(UnauthorizedException.class, () -> verifier().verify(token));
  }

  @Test
  void verify_shouldReject_whenIssuerOrAudienceDiffer() {
    JwtSigner s = new JwtSigner(keys, "k1");
    assertThrows(UnauthorizedException.class, () -> verifier().verify(s.sign("https://evil", AUD, "a", now(), now() + 60)));
    assertThrows(UnauthorizedException.class, () -> verifier().verify(s.sign(ISS, "other", "a", now(), now() + 60)));
  }

  @Test
  void verify_shouldAcceptCognitoAccessToken_withClientIdInsteadOfAud() {
    Map<String, Object> claims = new LinkedHashMap<>();
    claims.put("iss", ISS);
    claims.put("client_id", AUD);
    claims.put("username", "bob");
    claims.put("exp", now() + 60);
    assertEquals("bob", verifier().verify(new JwtSigner(keys, "k1").sign(claims)).username());
  }

  @Test
  void verify_shouldReject_whenTamperedOrMalformed() {
    String token = new JwtSigner(keys, "k1").sign(ISS, AUD, "alice", now(), now() + 3600);
    String[] p = token.split("\\.");
    String forged = p[0] + "." + java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(
        ("{\"iss\":\"" + ISS + "\",\"aud\":\"" + AUD + "\",\"username\":\"root\",\"exp\":" + (now() + 60) + "}").getBytes())
        + "." + p[2];
    assertThrows(UnauthorizedException.class, () -> verifier().verify(forged));
    assertThrows(UnauthorizedException.class, () -> verifier().verify("not-a-token"));
    assertThrows(UnauthorizedException.class, () -> verifier().verify(null));
  }

  @Test
  void verify_shouldAcceptAnyOfSeveralAudiences_whenConfiguredCommaJoinedAsInfraWritesThem() {
    // GIVEN JWT_AUDIENCE as infra writes it for an issuer with two app clients
    JwtVerifier v = new JwtVerifier(ISS, "web-client, " + AUD + ",cli", new JwtSigner(keys, "k1")::jwks, clock);
    JwtSigner signer = new JwtSigner(keys, "k1");

    // WHEN / THEN each audience is accepted, as a string, in a list, or as Cognito's client_id
    assertEquals("a", v.verify(signer.sign(ISS, "web-client", "a", now(), now() + 60)).username());
    assertEquals("b", v.verify(signer.sign(ISS, AUD, "b", now(), now() + 60)).username());
    assertEquals("c", v.verify(signer.sign(claims("aud", java.util.List.of("other", "cli"), "username", "c"))).username());
    assertEquals("d", v.verify(signer.sign(claims("client_id", "cli", "username", "d"))).username());
    // and the joined string itself, or a part of a name, is not an audience
    assertThrows(UnauthorizedException.class,
        () -> v.verify(signer.sign(ISS, "web-client, " + AUD + ",cli", "e", now(), now() + 60)));
    assertThrows(UnauthorizedException.class, () -> v.verify(signer.sign(ISS, "web", "e", now(), now() + 60)));
    assertEquals(java.util.Set.of("web-client", AUD, "cli"), v.audiences());
  }

  private Map<String, Object> claims(Object... pairs) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("iss", ISS);
    m.put("iat", now());
    m.put("exp", now() + 60);
    for (int i = 0; i < pairs.length; i += 2) {
      m.put((String) pairs[i], pairs[i + 1]);
    }
    return m;
  }

  @Test
  void verify_shouldRefetchJwksForAnUnknownKid_atMostOncePerCooldown() {
    // GIVEN a verifier that has its keys, and a JWKS source that counts fetches
    java.util.concurrent.atomic.AtomicInteger fetches = new java.util.concurrent.atomic.AtomicInteger();
    JwtSigner k1 = new JwtSigner(keys, "k1");
    JwtSigner rotated = new JwtSigner(otherKeys, "k2");
    java.util.concurrent.atomic.AtomicReference<String> published = new java.util.concurrent.atomic.AtomicReference<>(k1.jwks());
    JwtVerifier v = new JwtVerifier(ISS, AUD, () -> {
      fetches.incrementAndGet();
      return published.get();
    }, clock);
    v.verify(k1.sign(ISS, AUD, "a", now(), now() + 3600));
    assertEquals(1, fetches.get());

    // WHEN an anonymous caller sends 100 tokens with made-up key ids, just after the fetch and
    // again once the cooldown has passed
    forgeUnknownKids(v, 100);
    assertEquals(1, fetches.get());
    clock.advance(JwtVerifier.REFETCH_COOLDOWN);
    forgeUnknownKids(v, 100);

    // THEN one refetch at most per cooldown
    assertEquals(2, fetches.get());
    // and after the cooldown a rotated key is picked up by one more fetch
    published.set(rotated.jwks());
    clock.advance(JwtVerifier.REFETCH_COOLDOWN.plusSeconds(1));
    assertEquals("b", v.verify(rotated.sign(ISS, AUD, "b", now(), now() + 3600)).username());
    assertEquals(3, fetches.get());
  }

  @Test
  void verify_shouldAnswer401AndNotRetryAtOnce_whenTheJwksCannotBeFetched() {
    java.util.concurrent.atomic.AtomicInteger fetches = new java.util.concurrent.atomic.AtomicInteger();
    JwtVerifier v = new JwtVerifier(ISS, AUD, () -> {
      fetches.incrementAndGet();
      throw new java.io.UncheckedIOException(new java.io.IOException("connection refused"));
    }, clock);
    String token = new JwtSigner(keys, "k1").sign(ISS, AUD, "a", now(), now() + 3600);

    for (int i = 0; i < 10; i++) {
      assertThrows(UnauthorizedException.class, () -> v.verify(token));
    }

    assertEquals(1, fetches.get());
  }

  private void forgeUnknownKids(JwtVerifier v, int n) {
    for (int i = 0; i < n; i++) {
      String forged = new JwtSigner(otherKeys, "made-up-" + i).sign(ISS, AUD, "x", now(), now() + 3600);
      assertThrows(UnauthorizedException.class, () -> v.verify(forged));
    }
  }
}

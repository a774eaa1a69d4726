package dev.monotable.shared.auth;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.shared.errors.UnauthorizedException;
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
}

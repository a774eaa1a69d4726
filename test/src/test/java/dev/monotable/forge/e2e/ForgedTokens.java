package dev.monotable.forge.e2e;

import dev.monotable.kit.local.LocalKeys;
import dev.monotable.kit.devauth.JwtSigner;
import dev.monotable.kit.json.Json;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Authorization header values an attacker would try against the local issuer, each of which must
 * be a 401: none of them is a valid token of the issuer for its audience, now.
 */
final class ForgedTokens {
  private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
  private static final KeyPair IMPOSTOR;

  static {
    try {
      KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
      g.initialize(2048);
      IMPOSTOR = g.generateKeyPair();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private ForgedTokens() {}

  /** Label to Authorization header value, for a token that would name {@code username}. */
  static Map<String, String> forUser(Forge forge, String username) {
    String issuer = LocalKeys.ISSUER;
    long now = Instant.now().getEpochSecond();
    JwtSigner local = forge.keys().signer();
    JwtSigner impostorSameKid = new JwtSigner(IMPOSTOR, LocalKeys.KID);
    JwtSigner impostorOtherKid = new JwtSigner(IMPOSTOR, "forged-kid");
    String valid = local.sign(claims(issuer, LocalKeys.AUDIENCE, username, now, now + 3600));
    String[] parts = valid.split("\\.");

    Map<String, String> out = new LinkedHashMap<>();
    out.put("alg none", "Bearer " + b64(Map.of("alg", "none", "kid", LocalKeys.KID)) + "." + parts[1] + ".");
    out.put("HS256 keyed with the public key", "Bearer " + hs256(local, parts[1]));
    out.put("another key, same kid", "Bearer " + impostorSameKid.sign(claims(issuer, LocalKeys.AUDIENCE, username,
        now, now + 3600)));
    out.put("unknown kid", "Bearer " + impostorOtherKid.sign(claims(issuer, LocalKeys.AUDIENCE, username, now,
        now + 3600)));
    out.put("another issuer", "Bearer " + local.sign(claims("https://evil.example", LocalKeys.AUDIENCE, username,
        now, now + 3600)));
    out.put("another audience", "Bearer " + local.sign(claims(issuer, "another-app", username, now, now + 3600)));
    out.put("expired", "Bearer " + local.sign(claims(issuer, LocalKeys.AUDIENCE, username, now - 7200, now - 3600)));
    Map<String, Object> notYet = claims(issuer, LocalKeys.AUDIENCE, username, now, now + 7200);
    notYet.put("nbf", now + 3600);
    out.put("not yet valid", "Bearer " + local.sign(notYet));
    Map<String, Object> other = claims(issuer, LocalKeys.AUDIENCE, username + "x", now, now + 3600);
    out.put("tampered payload", "Bearer " + parts[0] + "." + b64(other) + "." + parts[2]);
    out.put("signature removed", "Bearer " + parts[0] + "." + parts[1] + ".");
    out.put("garbage", "Bearer not.a.token");
    out.put("empty bearer", "Bearer ");
    out.put("basic scheme", "Basic " + Base64.getEncoder().encodeToString((username + ":pw").getBytes(
        StandardCharsets.UTF_8)));
    return out;
  }

  private static Map<String, Object> claims(String issuer, String audience, String username, long iat, long exp) {
    return JwtSigner.claims(issuer, audience, username, iat, exp);
  }

  private static String b64(Map<String, Object> json) {
    return B64.encodeToString(Json.write(json).getBytes(StandardCharsets.UTF_8));
  }

  /** The classic key-confusion attack: HMAC with the RSA public key's bytes as the secret. */
  private static String hs256(JwtSigner local, String payload) {
    try {
      String header = b64(Map.of("alg", "HS256", "kid", LocalKeys.KID, "typ", "JWT"));
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(local.jwks().getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      String input = header + "." + payload;
      return input + "." + B64.encodeToString(mac.doFinal(input.getBytes(StandardCharsets.US_ASCII)));
    } catch (java.security.GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }
}

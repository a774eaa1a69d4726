package dev.monotable.kit.devauth;

import dev.monotable.kit.auth.Claims;
import dev.monotable.kit.json.Json;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.Signature;
import java.security.interfaces.RSAPublicKey;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Signs RS256 JWTs and publishes the matching JWKS. The local service and the tests use it to play
 * the part of the identity provider (Cognito when deployed); Lambda code never signs.
 */
public final class JwtSigner {
  private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();

  private final KeyPair keyPair;
  private final String kid;

  public JwtSigner(KeyPair keyPair, String kid) {
    this.keyPair = keyPair;
    this.kid = kid;
  }

  /** A token with {@code iss}, {@code aud}, {@code username}, {@code iat} and {@code exp}. */
  public String sign(String issuer, String audience, String username, long issuedAt, long expiresAt) {
    return sign(claims(issuer, audience, username, issuedAt, expiresAt));
  }

  /** A token as {@link #sign(String, String, String, long, long)}, for a member of user pool {@code groups}. */
  public String sign(String issuer, String audience, String username, long issuedAt, long expiresAt,
      java.util.List<String> groups) {
    Map<String, Object> claims = claims(issuer, audience, username, issuedAt, expiresAt);
    if (!groups.isEmpty()) {
      claims.put(Claims.GROUPS, groups);
    }
    return sign(claims);
  }

  /** The claims of a token, as a map the caller may still change (tests forge bad ones). */
  public static Map<String, Object> claims(String issuer, String audience, String username, long issuedAt,
      long expiresAt) {
    Map<String, Object> claims = new LinkedHashMap<>();
    claims.put("iss", issuer);
    claims.put("aud", audience);
    claims.put("sub", username);
    claims.put("username", username);
    claims.put("iat", issuedAt);
    claims.put("exp", expiresAt);
    return claims;
  }

  /** Signs arbitrary claims (tests use it for expired or wrongly issued tokens). */
  public String sign(Map<String, Object> claims) {
    Map<String, Object> header = new LinkedHashMap<>();
    header.put("alg", "RS256");
    header.put("typ", "JWT");
    header.put("kid", kid);
    String signingInput = B64.encodeToString(Json.write(header).getBytes(StandardCharsets.UTF_8)) + "."
        + B64.encodeToString(Json.write(claims).getBytes(StandardCharsets.UTF_8));
    try {
      Signature sig = Signature.getInstance("SHA256withRSA");
      sig.initSign(keyPair.getPrivate());
      sig.update(signingInput.getBytes(StandardCharsets.US_ASCII));
      return signingInput + "." + B64.encodeToString(sig.sign());
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The JWKS document ({@code {"keys":[...]}}) with this signer's public key. */
  public String jwks() {
    RSAPublicKey pub = (RSAPublicKey) keyPair.getPublic();
    Map<String, Object> key = new LinkedHashMap<>();
    key.put("kty", "RSA");
    key.put("kid", kid);
    key.put("use", "sig");
    key.put("alg", "RS256");
    key.put("n", B64.encodeToString(unsigned(pub.getModulus().toByteArray())));
    key.put("e", B64.encodeToString(unsigned(pub.getPublicExponent().toByteArray())));
    return Json.write(Map.of("keys", List.of(key)));
  }

  private static byte[] unsigned(byte[] b) {
    if (b.length > 1 && b[0] == 0) {
      byte[] out = new byte[b.length - 1];
      System.arraycopy(b, 1, out, 0, out.length);
      return out;
    }
    return b;
  }
}

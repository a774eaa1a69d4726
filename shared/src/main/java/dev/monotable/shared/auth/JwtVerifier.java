package dev.monotable.shared.auth;

import dev.monotable.shared.errors.UnauthorizedException;
import dev.monotable.shared.json.Json;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.RSAPublicKeySpec;
import java.time.Clock;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Verifies RS256 JWTs the way API Gateway's JWT authorizer does: signature by a key of the
 * issuer's JWKS (matched on {@code kid}), {@code iss} equal to the issuer, {@code aud} (or
 * Cognito's {@code client_id}) equal to the audience, {@code exp} in the future, {@code nbf} in
 * the past. Every failure is an {@link UnauthorizedException} with no token material in it.
 */
public final class JwtVerifier {
  private static final Base64.Decoder B64 = Base64.getUrlDecoder();
  private static final long LEEWAY_SECONDS = 30;

  private final String issuer;
  private final String audience;
  private final Supplier<String> jwksSource;
  private final Clock clock;
  private volatile Map<String, PublicKey> keys;

  /**
   * @param jwksSource supplies the JWKS document; called once, and again when an unknown
   *     {@code kid} appears (key rotation)
   */
  public JwtVerifier(String issuer, String audience, Supplier<String> jwksSource, Clock clock) {
    this.issuer = issuer;
    this.audience = audience;
    this.jwksSource = jwksSource;
    this.clock = clock;
  }

  public String issuer() {
    return issuer;
  }

  public String audience() {
    return audience;
  }

  /** Verifies a compact JWS; accepts the value of an Authorization header with or without "Bearer ". */
  public Claims verify(String token) {
    if (token == null) {
      throw new UnauthorizedException("missing bearer token");
    }
    String t = token.startsWith("Bearer ") || token.startsWith("bearer ") ? token.substring(7).trim() : token.trim();
    String[] parts = t.split("\\.", -1);
    if (parts.length != 3) {
      throw new UnauthorizedException("malformed token");
    }
    Map<String, Object> header;
    Map<String, Object> claims;
    try {
      header = Json.readObject(new String(B64.decode(parts[0]), StandardCharsets.UTF_8));
      claims = Json.readObject(new String(B64.decode(parts[1]), StandardCharsets.UTF_8));
    } catch (IOException | IllegalArgumentException e) {
      throw new UnauthorizedException("malformed token");
    }
    if (!"RS256".equals(header.get("alg"))) {
      throw new UnauthorizedException("unsupported token algorithm");
    }
    PublicKey key = key(String.valueOf(header.get("kid")));
    try {
      Signature sig = Signature.getInstance("SHA256withRSA");
      sig.initVerify(key);
      sig.update((parts[0] + "." + parts[1]).getBytes(StandardCharsets.US_ASCII));
      if (!sig.verify(B64.decode(parts[2]))) {
        throw new UnauthorizedException("invalid token signature");
      }
    } catch (GeneralSecurityException | IllegalArgumentException e) {
      throw new UnauthorizedException("invalid token signature");
    }
    if (!issuer.equals(claims.get("iss"))) {
      throw new UnauthorizedException("token issued by another issuer");
    }
    if (!audienceMatches(claims)) {
      throw new UnauthorizedException("token issued for another audience");
    }
    long now = clock.instant().getEpochSecond();
    long exp = number(claims.get("exp"));
    if (exp <= 0 || now > exp + LEEWAY_SECONDS) {
      throw new UnauthorizedException("token expired");
    }
    Object nbf = claims.get("nbf");
    if (nbf != null && now + LEEWAY_SECONDS < number(nbf)) {
      throw new UnauthorizedException("token not valid yet");
    }
    String username = Claims.usernameOf(claims);
    if (username == null || username.isBlank()) {
      throw new UnauthorizedException("token has no username claim");
    }
    return new Claims(username, issuer, exp, claims);
  }

  private boolean audienceMatches(Map<String, Object> claims) {
    Object aud = claims.get("aud");
    if (aud instanceof String s && s.equals(audience)) {
      return true;
    }
    if (aud instanceof List<?> l && l.contains(audience)) {
      return true;
    }
    return audience.equals(claims.get("client_id"));
  }

  private static long number(Object v) {
    if (v instanceof Number n) {
      return n.longValue();
    }
    return -1;
  }

  private PublicKey key(String kid) {
    Map<String, PublicKey> k = keys;
    if (k == null || !k.containsKey(kid)) {
      synchronized (this) {
        k = parseJwks(jwksSource.get());
        keys = k;
      }
    }
    PublicKey key = k.get(kid);
    if (key == null) {
      throw new UnauthorizedException("token signed by an unknown key");
    }
    return key;
  }

  /** Parses the RSA keys of a JWKS document, by {@code kid}. */
  public static Map<String, PublicKey> parseJwks(String jwks) {
    Map<String, PublicKey> out = new HashMap<>();
    try {
      Object list = Json.readObject(jwks).get("keys");
      if (list instanceof List<?> l) {
        for (Object o : l) {
          if (o instanceof Map<?, ?> m && "RSA".equals(m.get("kty"))) {
            BigInteger n = new BigInteger(1, B64.decode(String.valueOf(m.get("n"))));
            BigInteger e = new BigInteger(1, B64.decode(String.valueOf(m.get("e"))));
            out.put(String.valueOf(m.get("kid")), KeyFactory.getInstance("RSA").generatePublic(new RSAPublicKeySpec(n, e)));
          }
        }
      }
    } catch (IOException | GeneralSecurityException | IllegalArgumentException e) {
      throw new UnauthorizedException("cannot read the issuer's signing keys");
    }
    return out;
  }
}

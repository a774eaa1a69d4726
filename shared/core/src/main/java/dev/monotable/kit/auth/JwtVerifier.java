package dev.monotable.kit.auth;

import dev.monotable.kit.errors.UnauthorizedException;
import dev.monotable.kit.json.Json;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.RSAPublicKeySpec;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Verifies RS256 JWTs the way API Gateway's JWT authorizer does: signature by a key of the
 * issuer's JWKS (matched on {@code kid}), {@code iss} equal to the issuer, {@code aud} (or
 * Cognito's {@code client_id}) one of the configured audiences, {@code exp} in the future,
 * {@code nbf} in the past. Every failure is an {@link UnauthorizedException} with no token
 * material in it.
 *
 * <p>An unknown {@code kid} refetches the JWKS (the issuer may have rotated its keys), but at most
 * once per {@link #REFETCH_COOLDOWN}: otherwise anyone could make every function fetch the keys
 * on every request by sending tokens with made-up key ids.
 */
public final class JwtVerifier {
  private static final Base64.Decoder B64 = Base64.getUrlDecoder();
  private static final long LEEWAY_SECONDS = 30;

  /** The least time between two JWKS fetches caused by unknown key ids. */
  public static final Duration REFETCH_COOLDOWN = Duration.ofMinutes(1);

  private final String issuer;
  private final Set<String> audiences;
  private final Supplier<String> jwksSource;
  private final Clock clock;
  private volatile Map<String, PublicKey> keys;
  private volatile Instant lastFetch;

  /**
   * @param audience the accepted audience, or several joined with commas (as infra writes
   *     {@code JWT_AUDIENCE} for an issuer with several app clients); a token naming any of them
   *     is accepted
   * @param jwksSource supplies the JWKS document; called once, and again when an unknown
   *     {@code kid} appears (key rotation), at most once per {@link #REFETCH_COOLDOWN}
   */
  public JwtVerifier(String issuer, String audience, Supplier<String> jwksSource, Clock clock) {
    this.issuer = issuer;
    this.audiences = audiences(audience);
    this.jwksSource = jwksSource;
    this.clock = clock;
  }

  private static Set<String> audiences(String commaJoined) {
    Set<String> out = new LinkedHashSet<>();
    for (String a : commaJoined.split(",")) {
      if (!a.isBlank()) {
        out.add(a.trim());
      }
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException("at least one audience is required");
    }
    return Set.copyOf(out);
  }

  public String issuer() {
    return issuer;
  }

  /** The accepted audiences. */
  public Set<String> audiences() {
    return audiences;
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
    if (aud instanceof String s && audiences.contains(s)) {
      return true;
    }
    if (aud instanceof List<?> l && l.stream().anyMatch(audiences::contains)) {
      return true;
    }
    return claims.get("client_id") instanceof String clientId && audiences.contains(clientId);
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
        k = keys;
        Instant now = clock.instant();
        boolean cooling = lastFetch != null && now.isBefore(lastFetch.plus(REFETCH_COOLDOWN));
        if (k == null && cooling) {
          throw new UnauthorizedException("cannot read the issuer's signing keys");
        }
        if (k == null || (!k.containsKey(kid) && !cooling)) {
          // Counted before the fetch: a failing JWKS endpoint is not retried on every request either.
          lastFetch = now;
          String document;
          try {
            document = jwksSource.get();
          } catch (RuntimeException unreachable) {
            throw new UnauthorizedException("cannot read the issuer's signing keys");
          }
          k = parseJwks(document);
          keys = k;
        }
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

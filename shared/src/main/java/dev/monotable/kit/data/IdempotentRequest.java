package dev.monotable.kit.data;

import dev.monotable.kit.keys.Segments;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * A create sent with {@code Idempotency-Key}: the key, the route and a hash of what was asked, so
 * a retry is recognised and a reuse of the key for another request is refused.
 */
public record IdempotentRequest(String key, String route, String requestHash) {

  public IdempotentRequest {
    Segments.idempotencyKey("Idempotency-Key", key);
  }

  /** The request as the API received it: route key, raw path and raw body text. */
  public static IdempotentRequest of(String key, String route, String rawPath, String rawBody) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(rawPath.getBytes(StandardCharsets.UTF_8));
      sha.update((byte) 0);
      sha.update((rawBody == null ? "" : rawBody).getBytes(StandardCharsets.UTF_8));
      return new IdempotentRequest(key, route, Base64.getUrlEncoder().withoutPadding().encodeToString(sha.digest()));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}

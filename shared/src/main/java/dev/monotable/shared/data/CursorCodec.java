package dev.monotable.shared.data;

import dev.monotable.shared.errors.ValidationException;
import dev.monotable.shared.json.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Opaque, signed pagination cursors. A cursor carries a query's LastEvaluatedKey and an HMAC over
 * it and the query's scope (route and partition), so a cursor that was altered, or issued for
 * another route or partition, is rejected as a 400 instead of reading someone else's data.
 */
public final class CursorCodec {
  private static final String ALGORITHM = "HmacSHA256";
  private static final Base64.Encoder ENC = Base64.getUrlEncoder().withoutPadding();
  private static final Base64.Decoder DEC = Base64.getUrlDecoder();

  private final Supplier<byte[]> secretSource;
  private volatile SecretKeySpec key;

  public CursorCodec(byte[] secret) {
    this.key = keyOf(secret);
    this.secretSource = null;
  }

  private CursorCodec(Supplier<byte[]> secretSource) {
    this.secretSource = secretSource;
  }

  /**
   * A codec that fetches its key on first use. Functions that never paginate then never need the
   * key (nor the permission to read it), and a SnapStart snapshot does not hold it.
   */
  public static CursorCodec lazy(Supplier<byte[]> secretSource) {
    return new CursorCodec(secretSource);
  }

  private static SecretKeySpec keyOf(byte[] secret) {
    if (secret == null || secret.length < 32) {
      throw new IllegalArgumentException("cursor secret must be at least 32 bytes");
    }
    return new SecretKeySpec(secret.clone(), ALGORITHM);
  }

  private SecretKeySpec key() {
    SecretKeySpec k = key;
    if (k == null) {
      synchronized (this) {
        k = key;
        if (k == null) {
          k = keyOf(secretSource.get());
          key = k;
        }
      }
    }
    return k;
  }

  /** Encodes a LastEvaluatedKey (all key attributes are strings in this table). */
  public String encode(String scope, Map<String, AttributeValue> lastKey) {
    Map<String, Object> plain = new LinkedHashMap<>();
    lastKey.forEach((k, v) -> plain.put(k, v.s()));
    byte[] payload = Json.write(plain).getBytes(StandardCharsets.UTF_8);
    return ENC.encodeToString(payload) + "." + ENC.encodeToString(mac(scope, payload));
  }

  /** Decodes a cursor for this scope, or throws {@link ValidationException} on field {@code cursor}. */
  public Map<String, AttributeValue> decode(String scope, String cursor) {
    int dot = cursor == null ? -1 : cursor.indexOf('.');
    if (dot <= 0 || cursor.length() > 4096) {
      throw invalid();
    }
    try {
      byte[] payload = DEC.decode(cursor.substring(0, dot));
      byte[] signature = DEC.decode(cursor.substring(dot + 1));
      if (!MessageDigest.isEqual(signature, mac(scope, payload))) {
        throw invalid();
      }
      Map<String, AttributeValue> key = new LinkedHashMap<>();
      for (Map.Entry<String, Object> e : Json.readObject(new String(payload, StandardCharsets.UTF_8)).entrySet()) {
        if (!(e.getValue() instanceof String)) {
          throw invalid();
        }
        key.put(e.getKey(), AttributeValue.fromS((String) e.getValue()));
      }
      return key;
    } catch (IllegalArgumentException | IOException e) {
      throw invalid();
    }
  }

  private byte[] mac(String scope, byte[] payload) {
    try {
      Mac mac = Mac.getInstance(ALGORITHM);
      mac.init(key());
      mac.update(scope.getBytes(StandardCharsets.UTF_8));
      mac.update((byte) 0);
      return mac.doFinal(payload);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  private static ValidationException invalid() {
    return new ValidationException("invalid_cursor", "cursor", "cursor is malformed, altered or belongs to another list");
  }
}

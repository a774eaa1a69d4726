package dev.monotable.kit.data;

import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.json.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Opaque pagination cursors. A cursor is a query's LastEvaluatedKey encrypted with AES-256-GCM,
 * with the query's scope (route, index, partition, prefix) as associated data: a client learns
 * nothing of the table's keys from it, and a cursor that was altered, or issued for another list,
 * fails authentication and is rejected as a 400 instead of reading someone else's data. A cursor is
 * exactly the text that was issued: another base64 spelling of the same bytes is refused too.
 *
 * <p>The nonce is synthetic: an HMAC of the scope and the plaintext, under a key separate from the
 * encryption key. Equal inputs give equal cursors (which reveals nothing the client did not
 * already have), and no two different plaintexts share a nonce, with no random source involved,
 * so SnapStart copies restored from one snapshot cannot repeat a nonce. Both keys are derived
 * from the one cursor secret, so neither is used for two purposes.
 */
public final class CursorCodec {
  private static final String HMAC = "HmacSHA256";
  private static final String AES_GCM = "AES/GCM/NoPadding";
  private static final int NONCE_BYTES = 12;
  private static final int TAG_BITS = 128;
  /** The longest cursor accepted; LastEvaluatedKeys here are well below 1 KB. */
  static final int MAX_CURSOR_CHARS = 4096;
  private static final Base64.Encoder ENC = Base64.getUrlEncoder().withoutPadding();
  private static final Base64.Decoder DEC = Base64.getUrlDecoder();

  /** The two keys derived from the secret. */
  private record Keys(SecretKeySpec encryption, SecretKeySpec nonce) {}

  private final Supplier<byte[]> secretSource;
  private volatile Keys keys;

  public CursorCodec(byte[] secret) {
    this.keys = keysOf(secret);
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

  private static Keys keysOf(byte[] secret) {
    if (secret == null || secret.length < 32) {
      throw new IllegalArgumentException("cursor secret must be at least 32 bytes");
    }
    SecretKeySpec master = new SecretKeySpec(secret.clone(), HMAC);
    return new Keys(new SecretKeySpec(hmac(master, "monotable cursor encryption key"), "AES"),
        new SecretKeySpec(hmac(master, "monotable cursor nonce key"), HMAC));
  }

  private Keys keys() {
    Keys k = keys;
    if (k == null) {
      synchronized (this) {
        k = keys;
        if (k == null) {
          k = keysOf(secretSource.get());
          keys = k;
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
    byte[] aad = scope.getBytes(StandardCharsets.UTF_8);
    Keys k = keys();
    byte[] nonce = Arrays.copyOf(hmac(k.nonce(), aad, payload), NONCE_BYTES);
    byte[] sealed;
    try {
      sealed = gcm(Cipher.ENCRYPT_MODE, k.encryption(), nonce, aad, payload);
    } catch (AEADBadTagException impossible) {
      throw new IllegalStateException(impossible); // only decryption checks a tag
    }
    byte[] out = new byte[NONCE_BYTES + sealed.length];
    System.arraycopy(nonce, 0, out, 0, NONCE_BYTES);
    System.arraycopy(sealed, 0, out, NONCE_BYTES, sealed.length);
    return ENC.encodeToString(out);
  }

  /** Decodes a cursor for this scope, or throws {@link ValidationException} on field {@code cursor}. */
  public Map<String, AttributeValue> decode(String scope, String cursor) {
    if (cursor == null || cursor.isEmpty() || cursor.length() > MAX_CURSOR_CHARS) {
      throw invalid();
    }
    try {
      byte[] raw = DEC.decode(cursor);
      // One text per cursor: the decoder also takes padding ("==") and ignores the spare low bits of
      // the last character, so other spellings would decode to the same bytes and pass the tag.
      // Only the canonical encoding, the very text encode() issued, is a cursor.
      if (raw.length < NONCE_BYTES + TAG_BITS / 8 || !ENC.encodeToString(raw).equals(cursor)) {
        throw invalid();
      }
      byte[] nonce = Arrays.copyOf(raw, NONCE_BYTES);
      byte[] sealed = Arrays.copyOfRange(raw, NONCE_BYTES, raw.length);
      byte[] payload;
      try {
        payload = gcm(Cipher.DECRYPT_MODE, keys().encryption(), nonce, scope.getBytes(StandardCharsets.UTF_8),
            sealed);
      } catch (AEADBadTagException altered) {
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

  private static byte[] gcm(int mode, SecretKeySpec key, byte[] nonce, byte[] aad, byte[] input)
      throws AEADBadTagException {
    try {
      Cipher c = Cipher.getInstance(AES_GCM);
      c.init(mode, key, new GCMParameterSpec(TAG_BITS, nonce));
      c.updateAAD(aad);
      return c.doFinal(input);
    } catch (AEADBadTagException e) {
      throw e;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] hmac(SecretKeySpec key, String label) {
    return hmac(key, label.getBytes(StandardCharsets.UTF_8), new byte[0]);
  }

  /** HMAC of {@code first}, a zero byte, then {@code second} (the zero keeps the two apart). */
  private static byte[] hmac(SecretKeySpec key, byte[] first, byte[] second) {
    try {
      Mac mac = Mac.getInstance(HMAC);
      mac.init(key);
      mac.update(first);
      mac.update((byte) 0);
      return mac.doFinal(second);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  private static ValidationException invalid() {
    return new ValidationException("invalid_cursor", "cursor", "cursor is malformed, altered or belongs to another list");
  }
}

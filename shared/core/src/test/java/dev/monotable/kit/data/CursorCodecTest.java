package dev.monotable.kit.data;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.errors.ValidationException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class CursorCodecTest {
  private static final byte[] SECRET = "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.UTF_8);
  private static final Map<String, AttributeValue> KEY = Map.of(
      "PK", AttributeValue.fromS("ACCOUNT#acme"), "SK", AttributeValue.fromS("MEMBER#bob"));

  @Test
  void decode_shouldReturnTheKey_whenScopeMatches() {
    CursorCodec c = new CursorCodec(SECRET);
    assertEquals(KEY, c.decode("AP08|x", c.encode("AP08|x", KEY)));
  }

  @Test
  void decode_shouldReject_whenScopeDiffersOrCursorIsAltered() {
    CursorCodec c = new CursorCodec(SECRET);
    String cursor = c.encode("AP08|acme", KEY);
    ValidationException e = assertThrows(ValidationException.class, () -> c.decode("AP08|other", cursor));
    assertEquals("cursor", e.field());
    String altered = (cursor.charAt(0) == 'A' ? 'B' : 'A') + cursor.substring(1);
    assertThrows(ValidationException.class, () -> c.decode("AP08|acme", altered));
    assertThrows(ValidationException.class, () -> c.decode("AP08|acme", "garbage"));
    assertThrows(ValidationException.class, () -> new CursorCodec("another-secret-of-32-bytes-length!".getBytes())
        .decode("AP08|acme", cursor));
  }

  @Test
  void decode_shouldReject_whenTheCursorIsNotTheExactTextIssued() {
    // GIVEN an issued cursor
    CursorCodec c = new CursorCodec(SECRET);
    String cursor = c.encode("AP08|acme", KEY);

    // WHEN padded, or its last character changed in the bits base64's decoder ignores, it decodes
    // to the same bytes; THEN it is still refused: a cursor is exactly one that was issued
    String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    java.util.List<String> others = new java.util.ArrayList<>(java.util.List.of(cursor + "=", cursor + "==", "", " " + cursor));
    if (cursor.length() % 4 != 0) {
      int last = alphabet.indexOf(cursor.charAt(cursor.length() - 1));
      others.add(cursor.substring(0, cursor.length() - 1) + alphabet.charAt(last ^ 1));
    }
    for (String other : others) {
      assertEquals("cursor", assertThrows(ValidationException.class, () -> c.decode("AP08|acme", other)).field(), other);
    }
    assertEquals(KEY, c.decode("AP08|acme", cursor));
  }

  @Test
  void pageRequest_shouldRefuseAnEmptyCursor_ratherThanServeTheFirstPage() {
    assertEquals("cursor", assertThrows(ValidationException.class, () -> PageRequest.parse(null, "")).field());
    assertEquals(null, PageRequest.parse(null, null).cursor());
  }

  @Test
  void lazy_shouldFetchTheSecretOnce_onFirstUse_only() {
    AtomicInteger fetches = new AtomicInteger();
    CursorCodec c = CursorCodec.lazy(() -> {
      fetches.incrementAndGet();
      return SECRET;
    });
    assertEquals(0, fetches.get());
    String cursor = c.encode("s", KEY);
    assertEquals(KEY, c.decode("s", cursor));
    assertEquals(1, fetches.get());
    assertEquals(KEY, new CursorCodec(SECRET).decode("s", cursor));
  }

  @Test
  void constructor_shouldRejectShortSecrets() {
    assertThrows(IllegalArgumentException.class, () -> new CursorCodec(new byte[16]));
  }

  @Test
  void encode_shouldRevealNothingOfTheKey_becauseTheCursorIsEncrypted() {
    CursorCodec c = new CursorCodec(SECRET);

    String cursor = c.encode("AP08|acme", KEY);

    byte[] raw = java.util.Base64.getUrlDecoder().decode(cursor);
    String asText = new String(raw, StandardCharsets.ISO_8859_1);
    for (String fragment : new String[] {"ACCOUNT", "acme", "MEMBER", "bob", "PK", "SK", "{"}) {
      assertFalse(asText.contains(fragment), "the cursor shows " + fragment);
    }
    assertFalse(cursor.contains("."), "one opaque token, not payload.signature");
  }

  @Test
  void decode_shouldReject_everySingleByteChange() {
    CursorCodec c = new CursorCodec(SECRET);
    byte[] raw = java.util.Base64.getUrlDecoder().decode(c.encode("AP08|acme", KEY));

    for (int i = 0; i < raw.length; i++) {
      byte[] changed = raw.clone();
      changed[i] ^= 0x01;
      String cursor = java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(changed);
      assertThrows(ValidationException.class, () -> c.decode("AP08|acme", cursor), "byte " + i);
    }
  }

  @Test
  void decode_shouldReject_truncatedOversizedAndOldSignedCursors() {
    CursorCodec c = new CursorCodec(SECRET);
    String cursor = c.encode("AP08|acme", KEY);

    assertThrows(ValidationException.class, () -> c.decode("AP08|acme", cursor.substring(0, 20)));
    assertThrows(ValidationException.class, () -> c.decode("AP08|acme", ""));
    assertThrows(ValidationException.class, () -> c.decode("AP08|acme", "A".repeat(5000)));
    assertThrows(ValidationException.class, () -> c.decode("AP08|acme", "eyJQSyI6IkEifQ.c2ln"));
    assertThrows(ValidationException.class, () -> c.decode("AP08|acme", "%%%%"));
  }

  @Test
  void encode_shouldGiveEqualCursorsForEqualInputs_andDifferentOnesOtherwise() {
    CursorCodec c = new CursorCodec(SECRET);

    assertEquals(c.encode("s", KEY), c.encode("s", KEY));
    assertNotEquals(c.encode("s", KEY), c.encode("t", KEY));
    assertNotEquals(c.encode("s", KEY), c.encode("s", Map.of("PK", AttributeValue.fromS("ACCOUNT#acme"),
        "SK", AttributeValue.fromS("MEMBER#bob2"))));
  }
}

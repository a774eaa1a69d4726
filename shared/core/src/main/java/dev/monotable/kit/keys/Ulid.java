package dev.monotable.kit.keys;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Arrays;
import java.util.Random;

/**
 * ULID generator: 48-bit millisecond time plus 80 random bits, Crockford base32, 26 characters,
 * lexically time-ordered. The random source is a {@link SecureRandom}, replaced after a SnapStart
 * restore ({@link #reseed()}) so copies of one snapshot never share a sequence.
 */
public final class Ulid {
  private static final char[] ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ".toCharArray();
  private static volatile Random random = new SecureRandom();

  private Ulid() {}

  /**
   * Replaces the random source. Tests only: a seeded source stands in for the generator state a
   * SnapStart snapshot freezes into every copy restored from it, so a test can show that two
   * copies diverge only because of {@link #reseed()}.
   */
  public static void useRandom(Random source) {
    random = source;
  }

  /** A fresh random source; called after a SnapStart restore so restored copies diverge. */
  public static void reseed() {
    random = new SecureRandom();
  }

  public static String next(Instant now) {
    byte[] bytes = new byte[10];
    random.nextBytes(bytes);
    return encode(now.toEpochMilli(), bytes);
  }

  /**
   * A ULID whose time part is {@code at} and whose 80 other bits are the start of SHA-256 of
   * {@code seed}: the same inputs always give the same id. Stream handlers derive the ids of the
   * items they write from the record they process, so a redelivered record writes the same key
   * and its conditional put fails instead of writing a second item.
   */
  public static String derived(Instant at, String seed) {
    try {
      byte[] hash = MessageDigest.getInstance("SHA-256").digest(seed.getBytes(StandardCharsets.UTF_8));
      return encode(at.toEpochMilli(), Arrays.copyOf(hash, 10));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every JVM", e);
    }
  }

  private static String encode(long time, byte[] bytes) {
    char[] out = new char[26];
    for (int i = 9; i >= 0; i--) {
      out[i] = ALPHABET[(int) (time & 31)];
      time >>>= 5;
    }
    // 80 random bits -> 16 characters of 5 bits.
    long hi = ((bytes[0] & 0xFFL) << 32) | ((bytes[1] & 0xFFL) << 24) | ((bytes[2] & 0xFFL) << 16)
        | ((bytes[3] & 0xFFL) << 8) | (bytes[4] & 0xFFL);
    long lo = ((bytes[5] & 0xFFL) << 32) | ((bytes[6] & 0xFFL) << 24) | ((bytes[7] & 0xFFL) << 16)
        | ((bytes[8] & 0xFFL) << 8) | (bytes[9] & 0xFFL);
    for (int i = 17; i >= 10; i--) {
      out[i] = ALPHABET[(int) (hi & 31)];
      hi >>>= 5;
    }
    for (int i = 25; i >= 18; i--) {
      out[i] = ALPHABET[(int) (lo & 31)];
      lo >>>= 5;
    }
    return new String(out);
  }
}

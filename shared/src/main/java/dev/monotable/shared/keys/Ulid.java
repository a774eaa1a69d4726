package dev.monotable.shared.keys;

import java.security.SecureRandom;
import java.time.Instant;

/**
 * ULID generator: 48-bit millisecond time plus 80 random bits, Crockford base32, 26 characters,
 * lexically time-ordered. The random source is {@link SecureRandom} drawn per call, so copies of
 * a SnapStart snapshot never share a sequence.
 */
public final class Ulid {
  private static final char[] ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ".toCharArray();
  private static final SecureRandom RANDOM = new SecureRandom();

  private Ulid() {}

  public static String next(Instant now) {
    long time = now.toEpochMilli();
    byte[] random = new byte[10];
    RANDOM.nextBytes(random);
    char[] out = new char[26];
    for (int i = 9; i >= 0; i--) {
      out[i] = ALPHABET[(int) (time & 31)];
      time >>>= 5;
    }
    // 80 random bits -> 16 characters of 5 bits.
    long hi = ((random[0] & 0xFFL) << 32) | ((random[1] & 0xFFL) << 24) | ((random[2] & 0xFFL) << 16)
        | ((random[3] & 0xFFL) << 8) | (random[4] & 0xFFL);
    long lo = ((random[5] & 0xFFL) << 32) | ((random[6] & 0xFFL) << 24) | ((random[7] & 0xFFL) << 16)
        | ((random[8] & 0xFFL) << 8) | (random[9] & 0xFFL);
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

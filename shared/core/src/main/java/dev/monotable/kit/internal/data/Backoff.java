package dev.monotable.kit.internal.data;

import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * The one retry of a batch request that leaves work unprocessed (BatchGetItem's UnprocessedKeys,
 * BatchWriteItem's UnprocessedItems): the request again with what is left, after a pause of 50 ms
 * doubling up to 1 s, at most {@link #ATTEMPTS} attempts. No jitter: a retry waits the same every
 * time, so tests know what it costs.
 */
public final class Backoff {
  /** Attempts of one batch, the first included. */
  public static final int ATTEMPTS = 8;

  private Backoff() {}

  /** The pause before attempt {@code attempt} (the first is 0): none, then 50 ms doubling up to 1 s. */
  public static long pauseMillis(int attempt) {
    return attempt == 0 ? 0 : Math.min(1000L, 25L << attempt);
  }

  /**
   * The pause before attempt {@code attempt} of a hot-path batch, with AWS's "full jitter": a
   * random time up to {@link #pauseMillis}, so many writers throttled together do not retry
   * together. {@code unit} is a random number in [0, 1).
   */
  public static long jitteredPauseMillis(int attempt, double unit) {
    return (long) (pauseMillis(attempt) * unit);
  }

  /**
   * Makes {@code attempt} with {@code work}, then again with what it returns (the part it left
   * unprocessed) until {@code done} says nothing is left, pausing {@link #pauseMillis} before each
   * retry.
   *
   * @param what the request and its work, for the error: {@code "BatchGetItem left keys"}
   * @throws IllegalStateException work is still left after {@link #ATTEMPTS} attempts, or the
   *     thread was interrupted during a pause
   */
  public static <T> void untilDone(T work, UnaryOperator<T> attempt, Predicate<T> done, String what) {
    T left = work;
    for (int n = 0; !done.test(left); n++) {
      if (n >= ATTEMPTS) {
        throw new IllegalStateException(what + " unprocessed after " + ATTEMPTS + " attempts");
      }
      pause(n);
      left = attempt.apply(left);
    }
  }

  private static void pause(int attempt) {
    sleep(pauseMillis(attempt));
  }

  /** Sleeps {@code millis} (nothing for 0); an interrupt ends it as an IllegalStateException, the flag kept. */
  public static void sleep(long millis) {
    if (millis <= 0) {
      return;
    }
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}

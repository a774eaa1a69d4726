package dev.monotable.kit.ops;

/**
 * Spaces an operator tool's writes evenly over all its threads: at most {@code perSecond} units a
 * second (writes, or capacity units when each acquisition says how many); 0 means no limit.
 */
public final class RateLimiter {
  private final double nanosPerUnit;
  private long next = System.nanoTime();

  public RateLimiter(double perSecond) {
    this.nanosPerUnit = perSecond <= 0 ? 0 : 1_000_000_000.0 / perSecond;
  }

  /** Waits for one unit. */
  public void acquire() {
    acquire(1);
  }

  /** Waits until {@code units} more fit in the rate. */
  public void acquire(double units) {
    if (nanosPerUnit == 0) {
      return;
    }
    long wait;
    synchronized (this) {
      long now = System.nanoTime();
      long slot = Math.max(next, now);
      next = slot + (long) (nanosPerUnit * units);
      wait = slot - now;
    }
    if (wait > 0) {
      try {
        Thread.sleep(wait / 1_000_000L, (int) (wait % 1_000_000L));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted", e);
      }
    }
  }
}

package dev.monotable.kit.bench;

import java.util.Arrays;
import java.util.Locale;

/** Nearest-rank percentiles of durations in nanoseconds, reported in milliseconds. */
public record Stats(int n, double p50, double p90, double p99, double max) {

  public static Stats of(long[] nanos) {
    if (nanos.length == 0) {
      return new Stats(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    return new Stats(sorted.length, ms(rank(sorted, 50)), ms(rank(sorted, 90)), ms(rank(sorted, 99)),
        ms(sorted[sorted.length - 1]));
  }

  /** The median of a few values (cold-start runs): the lower middle for an even count. */
  public static double medianMs(long[] nanos) {
    if (nanos.length == 0) {
      return Double.NaN;
    }
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    return ms(sorted[(sorted.length - 1) / 2]);
  }

  static long rank(long[] sorted, int percentile) {
    int index = (int) Math.ceil(percentile / 100.0 * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
  }

  static double ms(long nanos) {
    return nanos / 1_000_000.0;
  }

  /** Milliseconds with two decimals under 10 ms, one under 100, none above. */
  public static String fmt(double ms) {
    if (Double.isNaN(ms)) {
      return "n/a";
    }
    return String.format(Locale.ROOT, ms < 10 ? "%.2f" : ms < 100 ? "%.1f" : "%.0f", ms);
  }
}

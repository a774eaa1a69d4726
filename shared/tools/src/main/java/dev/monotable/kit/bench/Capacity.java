package dev.monotable.kit.bench;

/**
 * Capacity units and their on-demand price, for the capacity table of scripts/bench. The units
 * themselves are not computed here: {@link CapacityMeter} reads the {@code ConsumedCapacity} the
 * endpoint answers, which the local engine prices by DynamoDB's rules
 * ({@code scripts/monotable_engine/capacity.py}, the project's one implementation of them, tested
 * against AWS's worked examples by {@code LocalEngineCapacityTest}) and real DynamoDB prices itself.
 */
public final class Capacity {
  /**
   * On-demand prices, us-east-1, Standard table class, per million request units, from
   * aws.amazon.com/dynamodb/pricing/on-demand after the November 2024 reduction: one read request
   * unit is one strongly consistent read of up to 4 KB, one write request unit one write of up to 1 KB.
   */
  public static final double USD_PER_MILLION_READ_UNITS = 0.125;
  public static final double USD_PER_MILLION_WRITE_UNITS = 0.625;
  public static final String PRICE_SOURCE = "on-demand, us-east-1, Standard table class: $0.125 per million read "
      + "request units, $0.625 per million write request units (aws.amazon.com/dynamodb/pricing/on-demand, "
      + "prices since November 2024)";
  /** Storage, us-east-1, Standard table class, per GB-month (the same page; the free 25 GB not applied). */
  public static final double USD_PER_GB_MONTH = 0.25;
  /** What DynamoDB adds to each item's size when it bills storage, in the table and in each index. */
  public static final int STORAGE_OVERHEAD_BYTES = 100;

  private Capacity() {}

  /** Read and write units of one call or one invocation; {@code indexWrite} is part of {@code write}. */
  public record Units(double read, double write, double indexWrite) {
    public static final Units ZERO = new Units(0, 0, 0);

    public Units plus(Units o) {
      return new Units(read + o.read, write + o.write, indexWrite + o.indexWrite);
    }

    /** On-demand dollars per million calls of this cost. */
    public double usdPerMillionCalls() {
      return read * USD_PER_MILLION_READ_UNITS + write * USD_PER_MILLION_WRITE_UNITS;
    }
  }
}

package dev.monotable.kit.bench;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * DynamoDB's documented capacity arithmetic (Developer Guide, "Item sizes and formats" and "Read
 * and write capacity units"), for the capacity table of scripts/bench; the local engine's
 * ConsumedCapacity is not DynamoDB's, so the bench computes it from the items themselves.
 *
 * <ul>
 *   <li>Item size: the UTF-8 length of every attribute name plus its value: strings UTF-8 bytes,
 *       binaries their bytes, numbers 1 byte per two significant digits plus 1, booleans and nulls
 *       1 byte, lists and maps 3 bytes plus 1 byte per element plus their contents, sets the sum
 *       of their elements.</li>
 *   <li>Reads: 1 read unit per 4 KB, rounded up per item (GetItem, each item of a BatchGetItem);
 *       a Query rounds the summed size of the items it read once. Eventually consistent reads
 *       cost half; transactional reads twice. Every read costs at least one rounding unit.</li>
 *   <li>Writes: 1 write unit per 1 KB of the larger of the item before and after, rounded up per
 *       item; transactional writes twice; each index whose keys the item carries adds a write of
 *       the index entry (two when the write moves the item's index key, one when it adds or
 *       removes it).</li>
 * </ul>
 */
public final class Capacity {
  public static final int READ_UNIT_BYTES = 4096;
  public static final int WRITE_UNIT_BYTES = 1024;

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

  /** Size in bytes of an item as DynamoDB counts it: attribute names plus values. */
  public static long itemSize(Map<String, AttributeValue> item) {
    long size = 0;
    for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
      size += utf8(e.getKey()) + valueSize(e.getValue());
    }
    return size;
  }

  static long valueSize(AttributeValue v) {
    if (v.s() != null) {
      return utf8(v.s());
    }
    if (v.n() != null) {
      return numberSize(v.n());
    }
    if (v.b() != null) {
      return v.b().asByteArray().length;
    }
    if (v.bool() != null || v.nul() != null) {
      return 1;
    }
    if (v.hasSs()) {
      return v.ss().stream().mapToLong(Capacity::utf8).sum();
    }
    if (v.hasNs()) {
      return v.ns().stream().mapToLong(Capacity::numberSize).sum();
    }
    if (v.hasBs()) {
      return v.bs().stream().mapToLong(b -> b.asByteArray().length).sum();
    }
    if (v.hasL()) {
      long size = 3;
      for (AttributeValue e : v.l()) {
        size += 1 + valueSize(e);
      }
      return size;
    }
    if (v.hasM()) {
      long size = 3;
      for (Map.Entry<String, AttributeValue> e : v.m().entrySet()) {
        size += 1 + utf8(e.getKey()) + valueSize(e.getValue());
      }
      return size;
    }
    return 0;
  }

  /** 1 byte per two significant digits (leading and trailing zeros trimmed), plus 1. */
  static long numberSize(String n) {
    String digits = new BigDecimal(n).abs().unscaledValue().toString();
    digits = digits.replaceAll("0+$", "");
    if (digits.isEmpty()) {
      digits = "0";
    }
    return (digits.length() + 1) / 2 + 1;
  }

  private static long utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8).length;
  }

  static long roundUp(long bytes, int unit) {
    return Math.max(1, (bytes + unit - 1) / unit);
  }

  /** GetItem, or one item of a BatchGetItem: 4 KB units of the item, half when eventually consistent. */
  public static double readUnits(long itemBytes, boolean consistent) {
    return roundUp(itemBytes, READ_UNIT_BYTES) * (consistent ? 1.0 : 0.5);
  }

  /** BatchGetItem: each item rounded up to 4 KB on its own, then added. */
  public static double batchReadUnits(List<Long> itemBytes, boolean consistent) {
    return itemBytes.stream().mapToDouble(b -> readUnits(b, consistent)).sum();
  }

  /** Query: the summed size of the items read, rounded up to 4 KB once. */
  public static double queryReadUnits(List<Long> itemBytes, boolean consistent) {
    return readUnits(itemBytes.stream().mapToLong(Long::longValue).sum(), consistent);
  }

  /** TransactGetItems: each item twice a strongly consistent read. */
  public static double transactReadUnits(long itemBytes) {
    return 2 * readUnits(itemBytes, true);
  }

  /** PutItem, UpdateItem or DeleteItem: 1 KB units of the larger of the item before and after (0 when absent). */
  public static double writeUnits(long beforeBytes, long afterBytes) {
    return roundUp(Math.max(beforeBytes, afterBytes), WRITE_UNIT_BYTES);
  }

  /** One action of a TransactWriteItems: twice the write. */
  public static double transactWriteUnits(long beforeBytes, long afterBytes) {
    return 2 * writeUnits(beforeBytes, afterBytes);
  }

  /**
   * Index writes of one item write for an index with keys {@code pk}/{@code sk} projecting ALL:
   * none when neither image carries the keys or nothing changed; one (the entry's put or delete)
   * when one image carries them or they stay while other attributes change; two (delete the old
   * entry, put the new one) when the write moves the index key.
   *
   * @param before the item before the write (null: absent)
   * @param after the item after the write (null: deleted)
   */
  public static double indexWriteUnits(Map<String, AttributeValue> before, Map<String, AttributeValue> after,
      String pk, String sk) {
    boolean had = before != null && before.containsKey(pk) && before.containsKey(sk);
    boolean has = after != null && after.containsKey(pk) && after.containsKey(sk);
    if (!had && !has) {
      return 0;
    }
    if (had && !has) {
      return writeUnits(itemSize(before), 0);
    }
    if (!had) {
      return writeUnits(0, itemSize(after));
    }
    boolean moved = !before.get(pk).equals(after.get(pk)) || !before.get(sk).equals(after.get(sk));
    if (moved) {
      return writeUnits(itemSize(before), 0) + writeUnits(0, itemSize(after));
    }
    return before.equals(after) ? 0 : writeUnits(0, itemSize(after));
  }
}

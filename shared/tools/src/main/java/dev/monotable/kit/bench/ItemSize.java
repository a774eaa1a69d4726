package dev.monotable.kit.bench;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The size of an item as DynamoDB counts it (attribute names plus values), for storage figures
 * (compare-designs' monthly storage cost) and the explorer's entity sizes. Capacity is never
 * computed from it: the engine prices requests ({@code scripts/monotable_engine/capacity.py}) and
 * the bench reads the ConsumedCapacity it answers.
 */
public final class ItemSize {
  private ItemSize() {}

  public static long of(Map<String, AttributeValue> item) {
    long size = 0;
    for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
      size += utf8(e.getKey()) + value(e.getValue());
    }
    return size;
  }

  private static long value(AttributeValue v) {
    if (v.s() != null) {
      return utf8(v.s());
    }
    if (v.n() != null) {
      return number(v.n());
    }
    if (v.b() != null) {
      return v.b().asByteArray().length;
    }
    if (v.bool() != null || v.nul() != null) {
      return 1;
    }
    if (v.hasSs()) {
      return v.ss().stream().mapToLong(ItemSize::utf8).sum();
    }
    if (v.hasNs()) {
      return v.ns().stream().mapToLong(ItemSize::number).sum();
    }
    if (v.hasBs()) {
      return v.bs().stream().mapToLong(b -> b.asByteArray().length).sum();
    }
    long size = 3; // a list or map: 3 bytes, plus 1 per element
    if (v.hasL()) {
      for (AttributeValue e : v.l()) {
        size += 1 + value(e);
      }
    } else if (v.hasM()) {
      for (Map.Entry<String, AttributeValue> e : v.m().entrySet()) {
        size += 1 + utf8(e.getKey()) + value(e.getValue());
      }
    }
    return size;
  }

  /** 1 byte per two significant digits (leading and trailing zeros trimmed), plus 1. */
  private static long number(String n) {
    String digits = new BigDecimal(n).abs().unscaledValue().toString().replaceAll("0+$", "");
    return ((digits.isEmpty() ? 1 : digits.length()) + 1) / 2 + 1;
  }

  private static long utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8).length;
  }
}

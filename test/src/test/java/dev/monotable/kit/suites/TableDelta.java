package dev.monotable.kit.suites;

import dev.monotable.kit.schema.TableSchema;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What one run of requests changed in a table (two {@code ServedDomain.snapshot()}s), written so
 * that two runs of the same request from the same items compare: every item added, removed or
 * changed as canonical text, with what a run cannot repeat masked (ISO-8601 timestamps as
 * {@code <ts>}, ULIDs as {@code <id>}, the UUIDs, hyphenated or not, as {@code <id>}, the {@link TableSchema#TTL} number as {@code <ttl>},
 * a write shard, the last segment of 1-3 digits of an index's partition key, as {@code <shard>}: a
 * hash of a new ULID lands in another shard on every run); and per
 * item kind (its {@code Type}, else its key prefixes) the items added and removed and the sum of
 * every number's change in the items changed (a counter, a version, a size), for runs that must be
 * N times one run.
 */
final class TableDelta {
  private static final Pattern TIMESTAMP = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z");
  private static final Pattern ULID = Pattern.compile("\\b[0-9A-HJKMNP-TV-Z]{26}\\b");
  /** A UUID with or without hyphens (a stream record's id kept as a receipt). */
  private static final Pattern UUID = Pattern.compile("\\b[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}\\b");

  /** An index's partition key attribute, and the write shard its value may end with. */
  private static final Pattern INDEX_PARTITION = Pattern.compile("GSI\\d+PK");
  private static final Pattern SHARD = Pattern.compile("#\\d{1,3}$");

  private final List<String> added = new ArrayList<>();
  private final List<String> removed = new ArrayList<>();
  private final Map<String, String> changed = new TreeMap<>();
  private final Map<String, BigDecimal> counts = new TreeMap<>();
  private final Map<String, BigDecimal> numbers = new TreeMap<>();

  private TableDelta() {}

  static TableDelta of(List<Map<String, AttributeValue>> before, List<Map<String, AttributeValue>> after) {
    TableDelta d = new TableDelta();
    Map<String, Map<String, AttributeValue>> was = new LinkedHashMap<>();
    before.forEach(i -> was.put(key(i), i));
    for (Map<String, AttributeValue> now : after) {
      Map<String, AttributeValue> old = was.remove(key(now));
      if (old == null) {
        d.added.add(text(now));
        d.counts.merge("+" + kind(now), BigDecimal.ONE, BigDecimal::add);
      } else if (!old.equals(now)) {
        d.changed.put(mask(key(now)), text(old) + " -> " + text(now));
        Map<String, BigDecimal> o = new HashMap<>();
        Map<String, BigDecimal> n = new HashMap<>();
        numbers("", old, o);
        numbers("", now, n);
        java.util.Set<String> paths = new java.util.HashSet<>(o.keySet());
        paths.addAll(n.keySet());
        for (String p : paths) {
          BigDecimal change = n.getOrDefault(p, BigDecimal.ZERO).subtract(o.getOrDefault(p, BigDecimal.ZERO));
          if (change.signum() != 0) {
            d.numbers.merge(kind(now) + "." + p, change, BigDecimal::add);
          }
        }
      }
    }
    for (Map<String, AttributeValue> gone : was.values()) {
      d.removed.add(text(gone));
      d.counts.merge("-" + kind(gone), BigDecimal.ONE, BigDecimal::add);
    }
    d.added.sort(null);
    d.removed.sort(null);
    return d;
  }

  boolean isEmpty() {
    return added.isEmpty() && removed.isEmpty() && changed.isEmpty();
  }

  /** The same items added, removed and changed (masked). */
  boolean sameAs(TableDelta other) {
    return added.equals(other.added) && removed.equals(other.removed) && changed.equals(other.changed);
  }

  /**
   * Nothing beyond {@code other}: every item added or removed here is added or removed there, every
   * item changed here is changed there (a run cut short by a fault may have done part of a clean run).
   */
  boolean within(TableDelta other) {
    return contains(other.added, added) && contains(other.removed, removed)
        && other.changed.keySet().containsAll(changed.keySet());
  }

  /** Null when this is {@code n} runs of {@code one}: n times its items added and removed, its numbers moved n times. */
  String timesProblem(int n, TableDelta one) {
    Map<String, BigDecimal> counts = scaled(one.counts, n);
    Map<String, BigDecimal> numbers = scaled(one.numbers, n);
    if (!counts.equals(this.counts)) {
      return "items added (+) and removed (-) " + this.counts + ", not " + n + " x " + one.counts;
    }
    if (!numbers.equals(this.numbers)) {
      return "numbers moved " + this.numbers + ", not " + n + " x " + one.numbers;
    }
    return null;
  }

  private static Map<String, BigDecimal> scaled(Map<String, BigDecimal> m, int n) {
    Map<String, BigDecimal> out = new TreeMap<>();
    m.forEach((k, v) -> out.put(k, v.multiply(BigDecimal.valueOf(n))));
    return out;
  }

  /** A short account for failure messages: counts, numbers moved, the items. */
  @Override
  public String toString() {
    StringBuilder b = new StringBuilder("{items " + counts + ", numbers " + numbers + ", changed " + changed.size());
    for (String a : added) {
      b.append("\n    + ").append(cut(a));
    }
    for (String r : removed) {
      b.append("\n    - ").append(cut(r));
    }
    changed.forEach((k, v) -> b.append("\n    ~ ").append(cut(v)));
    return b.append('}').toString();
  }

  private static String cut(String s) {
    return s.length() > 400 ? s.substring(0, 400) + "..." : s;
  }

  private static boolean contains(List<String> big, List<String> small) {
    List<String> left = new ArrayList<>(big);
    for (String s : small) {
      if (!left.remove(s)) {
        return false;
      }
    }
    return true;
  }

  private static String key(Map<String, AttributeValue> item) {
    return item.get(TableSchema.PK).s() + " | " + item.get(TableSchema.SK).s();
  }

  private static String kind(Map<String, AttributeValue> item) {
    AttributeValue type = item.get("Type");
    if (type != null && type.s() != null) {
      return type.s();
    }
    return prefix(item.get(TableSchema.PK).s()) + "/" + prefix(item.get(TableSchema.SK).s());
  }

  private static String prefix(String key) {
    int hash = key.indexOf('#', 1);
    return hash < 0 ? key : key.substring(0, hash);
  }

  private static void numbers(String path, Map<String, AttributeValue> m, Map<String, BigDecimal> out) {
    m.forEach((name, v) -> {
      String p = path.isEmpty() ? name : path + "." + name;
      if (name.equals(TableSchema.TTL) && path.isEmpty()) {
        return;
      }
      if (v.n() != null) {
        out.put(p, new BigDecimal(v.n()));
      } else if (v.hasM()) {
        numbers(p, v.m(), out);
      } else if (v.hasL()) {
        out.put(p + ".size", BigDecimal.valueOf(v.l().size()));
      } else if (v.hasSs()) {
        out.put(p + ".size", BigDecimal.valueOf(v.ss().size()));
      } else if (v.hasNs()) {
        out.put(p + ".size", BigDecimal.valueOf(v.ns().size()));
      }
    });
  }

  static String text(Map<String, AttributeValue> item) {
    StringBuilder b = new StringBuilder("{");
    new TreeMap<>(item).forEach((k, v) -> b.append(k).append('=')
        .append(k.equals(TableSchema.TTL) ? "<ttl>" : INDEX_PARTITION.matcher(k).matches() && v.s() != null
            ? SHARD.matcher(value(v)).replaceAll("#<shard>") : value(v)).append(", "));
    return b.append('}').toString();
  }

  private static String value(AttributeValue v) {
    if (v.s() != null) {
      return "S:" + mask(v.s());
    } else if (v.n() != null) {
      return "N:" + new BigDecimal(v.n()).stripTrailingZeros().toPlainString();
    } else if (v.b() != null) {
      return "B:" + Base64.getEncoder().encodeToString(v.b().asByteArray());
    } else if (v.bool() != null) {
      return "BOOL:" + v.bool();
    } else if (Boolean.TRUE.equals(v.nul())) {
      return "NULL";
    } else if (v.hasSs()) {
      return "SS:" + v.ss().stream().map(TableDelta::mask).sorted().toList();
    } else if (v.hasNs()) {
      return "NS:" + v.ns().stream().map(x -> new BigDecimal(x).stripTrailingZeros().toPlainString()).sorted().toList();
    } else if (v.hasL()) {
      return "L:" + v.l().stream().map(TableDelta::value).toList();
    } else if (v.hasM()) {
      return "M:" + text(v.m());
    }
    return v.toString();
  }

  private static String mask(String s) {
    String masked = ULID.matcher(TIMESTAMP.matcher(s).replaceAll("<ts>")).replaceAll("<id>");
    return UUID.matcher(masked).replaceAll("<id>");
  }
}

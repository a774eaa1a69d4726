package dev.monotable.kit.migrate.tool;

import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.migrate.LegacyMapping;
import dev.monotable.kit.migrate.MigrationPlan;
import dev.monotable.kit.ops.ParallelScan;
import dev.monotable.kit.schema.TableSchema;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

/**
 * {@code scripts/migrate verify --counts}: every item of both designs compared key by key, not counted. Each old
 * table is scanned and each item mapped ({@link LegacyMapping#toItem}) to the item the single table must hold;
 * the single table is scanned once and each item of a mapped entity's {@code Type} is compared with its expected
 * item by a digest of its attributes. A difference is an expected item missing, an item no old item maps to (a
 * duplicate, an item under a wrong key), an item whose attributes differ from the mapping's (a value, an index
 * key such as a wrong shard, an attribute neither the mapping nor the entity writes), or an old item the mapping
 * refuses. The entity's attributes the mapping does not fill are the single table's own (copies its stream
 * functions keep) and are left out of the comparison, as is a write's token ({@link TableSchema#WRITE_TOKEN}).
 *
 * <p>Parallel Scans of each table (an operator tool may scan); one digest (SHA-256, 128 bits) and the old key per
 * item are held in memory; a consistent GetItem on each side for each difference shown, to name its attributes.
 */
public final class ItemComparison {
  /** Differences printed with their attributes; the rest are counted. */
  static final int SHOWN = 20;
  private static final int SEGMENTS = 4;

  /** One difference: its kind ({@code missing}, {@code extra}, {@code different}, {@code refused}) and what. */
  public record Difference(String kind, String type, String key, String detail) {
    @Override
    public String toString() {
      return kind + " " + type + " " + key + (detail.isEmpty() ? "" : ": " + detail);
    }
  }

  /**
   * What the comparison found.
   *
   * @param oldItems items of each old table
   * @param newItems items of the single table of each mapped entity's Type
   * @param differences every difference, in the order found (missing last)
   */
  public record Result(Map<String, Long> oldItems, Map<String, Long> newItems, List<Difference> differences) {
    public boolean same() {
      return differences.isEmpty();
    }
  }

  private record Expected(String type, String digest, Map<String, AttributeValue> oldKey, String oldTable) {}

  private ItemComparison() {}

  public static Result compare(MigrationPlan plan, DynamoDbClient client) {
    Map<String, Expected> expected = new ConcurrentHashMap<>();
    Map<String, Set<String>> ownOnly = new HashMap<>();
    Map<String, LegacyMapping> byType = new HashMap<>();
    List<Difference> differences = Collections.synchronizedList(new ArrayList<>());
    Map<String, Long> oldItems = new TreeMap<>();
    for (Map.Entry<String, LegacyMapping> t : new TreeMap<>(plan.oldTables()).entrySet()) {
      LegacyMapping mapping = t.getValue();
      String type = mapping.entity().type();
      byType.put(type, mapping);
      ownOnly.put(type, singleTableOnly(mapping));
      long n = new ParallelScan(client, t.getKey()).forEach(SEGMENTS, ParallelScan.allSegments(SEGMENTS), old -> {
        Map<String, AttributeValue> item;
        try {
          item = mapping.toItem(old);
        } catch (RuntimeException e) {
          differences.add(new Difference("refused", type, t.getKey() + " " + mapping.oldKeyOf(old), e.getMessage()));
          return;
        }
        Expected previous = expected.put(key(item), new Expected(type, digest(item, Set.of()),
            mapping.oldKeyOf(old), t.getKey()));
        if (previous != null) {
          differences.add(new Difference("twice", type, key(item), "two old items map to this key"));
        }
      });
      oldItems.put(t.getKey(), n);
    }
    Map<String, AtomicLong> newItems = new ConcurrentHashMap<>();
    Set<String> seen = ConcurrentHashMap.newKeySet();
    new ParallelScan(client, plan.newTable()).forEach(SEGMENTS, ParallelScan.allSegments(SEGMENTS), item -> {
      AttributeValue typeValue = item.get(TableSchema.TYPE);
      if (typeValue == null || !byType.containsKey(typeValue.s())) {
        return; // an item of the single table's own (an aggregate, a claim): no old table has it
      }
      String type = typeValue.s();
      newItems.computeIfAbsent(type, x -> new AtomicLong()).incrementAndGet();
      String key = key(item);
      Expected e = expected.get(key);
      if (e == null || !e.type().equals(type)) {
        differences.add(new Difference("extra", type, key, "no old item maps to it"));
        return;
      }
      seen.add(key);
      if (!e.digest().equals(digest(item, ownOnly.get(type)))) {
        differences.add(new Difference("different", type, key, ""));
      }
    });
    expected.forEach((key, e) -> {
      if (!seen.contains(key)) {
        differences.add(new Difference("missing", e.type(), key, "from " + e.oldTable() + " " + e.oldKey()));
      }
    });
    List<Difference> named = new ArrayList<>();
    for (int i = 0; i < differences.size(); i++) {
      Difference d = differences.get(i);
      named.add(i < SHOWN && d.kind().equals("different") ? nameAttributes(d, expected.get(d.key()), byType,
          ownOnly, plan, client) : d);
    }
    Map<String, Long> counted = new TreeMap<>();
    byType.keySet().forEach(t -> counted.put(t, newItems.getOrDefault(t, new AtomicLong()).get()));
    return new Result(oldItems, counted, List.copyOf(named));
  }

  public static boolean print(MigrationPlan plan, Result r, PrintStream out) {
    out.println("items, compared one by one (old table -> single table):");
    for (Map.Entry<String, LegacyMapping> t : new TreeMap<>(plan.oldTables()).entrySet()) {
      String type = t.getValue().entity().type();
      out.printf(Locale.ROOT, "  %-24s %,10d -> %-12s %,10d%n", t.getKey(), r.oldItems().getOrDefault(t.getKey(), 0L),
          type, r.newItems().getOrDefault(type, 0L));
    }
    Map<String, Long> byKind = new TreeMap<>();
    r.differences().forEach(d -> byKind.merge(d.kind(), 1L, Long::sum));
    r.differences().stream().limit(SHOWN).forEach(d -> out.println("  DIFFERENT " + d));
    if (r.differences().size() > SHOWN) {
      out.println("  ... " + (r.differences().size() - SHOWN) + " more");
    }
    out.println("items: " + (r.same() ? "the same, item by item" : "DIFFERENT " + byKind));
    return r.same();
  }

  /**
   * The attribute names the entity declares and the mapping does not fill, written by the single table alone,
   * and the token a single conditional write stores to know its own write ({@link TableSchema#WRITE_TOKEN}).
   */
  private static Set<String> singleTableOnly(LegacyMapping mapping) {
    Set<String> own = new HashSet<>();
    own.add(TableSchema.WRITE_TOKEN);
    for (Attr a : mapping.entity().attributes()) {
      if (!mapping.fields().contains(a.field())) {
        own.add(a.name());
      }
    }
    return own;
  }

  private static Difference nameAttributes(Difference d, Expected e, Map<String, LegacyMapping> byType,
      Map<String, Set<String>> ownOnly, MigrationPlan plan, DynamoDbClient client) {
    var old = client.getItem(GetItemRequest.builder().tableName(e.oldTable()).key(e.oldKey()).consistentRead(true)
        .build());
    var now = client.getItem(GetItemRequest.builder().tableName(plan.newTable()).key(keyOf(d.key()))
        .consistentRead(true).build());
    if (!old.hasItem() || old.item().isEmpty() || !now.hasItem() || now.item().isEmpty()) {
      return new Difference(d.kind(), d.type(), d.key(), "changed while compared");
    }
    Map<String, AttributeValue> want = byType.get(d.type()).toItem(old.item());
    Set<String> names = new TreeSet<>(want.keySet());
    now.item().keySet().stream().filter(n -> !ownOnly.get(d.type()).contains(n)).forEach(names::add);
    List<String> differing = new ArrayList<>();
    for (String n : names) {
      AttributeValue a = want.get(n);
      AttributeValue b = now.item().get(n);
      if (a == null || b == null || !canonical(a).equals(canonical(b))) {
        differing.add(n + (a == null ? " (not mapped)" : b == null ? " (absent)" : ""));
      }
    }
    return new Difference(d.kind(), d.type(), d.key(), "attributes " + String.join(", ", differing));
  }

  private static String key(Map<String, AttributeValue> item) {
    return item.get(TableSchema.PK).s() + " | " + item.get(TableSchema.SK).s();
  }

  private static Map<String, AttributeValue> keyOf(String key) {
    int bar = key.indexOf(" | ");
    return Map.of(TableSchema.PK, AttributeValue.fromS(key.substring(0, bar)), TableSchema.SK,
        AttributeValue.fromS(key.substring(bar + 3)));
  }

  /** A digest of every attribute of {@code item} but {@code leftOut}, independent of order and number spelling. */
  static String digest(Map<String, AttributeValue> item, Set<String> leftOut) {
    StringBuilder b = new StringBuilder();
    for (Map.Entry<String, AttributeValue> e : new TreeMap<>(item).entrySet()) {
      if (!leftOut.contains(e.getKey())) {
        b.append(e.getKey()).append('=').append(canonical(e.getValue())).append('\n');
      }
    }
    try {
      byte[] h = MessageDigest.getInstance("SHA-256").digest(b.toString().getBytes(StandardCharsets.UTF_8));
      return Base64.getEncoder().withoutPadding().encodeToString(java.util.Arrays.copyOf(h, 16));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** One spelling of a value: numbers by value, maps and sets sorted, lists in order. */
  static String canonical(AttributeValue v) {
    if (v.s() != null) {
      return "S:" + v.s().length() + ":" + v.s();
    }
    if (v.n() != null) {
      return "N:" + new BigDecimal(v.n()).stripTrailingZeros().toPlainString();
    }
    if (v.b() != null) {
      return "B:" + Base64.getEncoder().encodeToString(v.b().asByteArray());
    }
    if (v.bool() != null) {
      return "BOOL:" + v.bool();
    }
    if (Boolean.TRUE.equals(v.nul())) {
      return "NULL";
    }
    if (v.hasL()) {
      List<String> parts = v.l().stream().map(ItemComparison::canonical).toList();
      return "L[" + parts.size() + ":" + String.join(",", parts) + "]";
    }
    if (v.hasM()) {
      StringBuilder b = new StringBuilder("M{");
      new TreeMap<>(v.m()).forEach((k, x) -> b.append(k.length()).append(':').append(k).append('=')
          .append(canonical(x)).append(';'));
      return b.append('}').toString();
    }
    if (v.hasSs()) {
      return "SS" + new TreeSet<>(v.ss());
    }
    if (v.hasNs()) {
      TreeSet<BigDecimal> ns = new TreeSet<>();
      v.ns().forEach(n -> ns.add(new BigDecimal(n).stripTrailingZeros()));
      return "NS" + ns.stream().map(BigDecimal::toPlainString).toList();
    }
    if (v.hasBs()) {
      TreeSet<String> bs = new TreeSet<>();
      v.bs().forEach(x -> bs.add(Base64.getEncoder().encodeToString(x.asByteArray())));
      return "BS" + bs;
    }
    return v.toString();
  }
}

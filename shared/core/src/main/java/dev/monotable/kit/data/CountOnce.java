package dev.monotable.kit.data;

import dev.monotable.kit.keys.Key;
import dev.monotable.kit.schema.TableSchema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A count that moves exactly once per stream record, however often the record is delivered: the
 * record's receipt item and the counter's {@code ADD} in one TransactWriteItems. Counting puts the
 * receipt under {@code attribute_not_exists(PK)}, uncounting deletes it under
 * {@code attribute_exists(PK)}; a redelivered record fails that condition, the transaction is
 * cancelled and nothing changes ({@link StreamEffect#ALREADY_APPLIED}). Deltas of different records
 * commute, so the order records are applied in does not matter.
 *
 * <p>{@link #countAll} counts many records into one counter with one transaction: a receipt per
 * record and one {@code ADD} of the sum of their deltas. It stays exact under redelivery: a receipt
 * that exists cancels the transaction, which is sent again without the records already counted.
 *
 * <p>A receipt keeps the record's id and a TTL past the stream's 24-hour retention, the longest a
 * record can come back; its key and attributes are the domain's.
 */
public final class CountOnce {
  /** Receipts in one transaction of {@link #countAll}: TransactWriteItems takes 100 actions, one is the counter. */
  public static final int MAX_RECEIPTS = 99;

  private final TableGateway table;

  public CountOnce(TableGateway table) {
    this.table = table;
  }

  /**
   * A counter item and how each count moves it: {@code ADD} of deltas, optionally a {@code SET}
   * clause of other attributes (its type, audit times) and optionally the condition that the item
   * exists (counting into a vanished item is then {@link StreamEffect#IGNORED}).
   */
  public static final class Counter {
    private final Key key;
    private final Map<String, Long> deltas;
    private final String set;
    private final Map<String, String> names;
    private final Map<String, AttributeValue> values;
    private final boolean mustExist;

    private Counter(Key key, Map<String, Long> deltas, String set, Map<String, String> names,
        Map<String, AttributeValue> values, boolean mustExist) {
      this.key = key;
      this.deltas = deltas;
      this.set = set;
      this.names = names;
      this.values = values;
      this.mustExist = mustExist;
    }

    /** The counter at {@code key}, moved by nothing yet. */
    public static Counter at(Key key) {
      return new Counter(key, Map.of(), null, Map.of(), Map.of(), false);
    }

    /** Also adds {@code delta} to {@code attribute} (summed with what this counter adds to it already). */
    public Counter add(String attribute, long delta) {
      Map<String, Long> d = new LinkedHashMap<>(deltas);
      d.merge(attribute, delta, Long::sum);
      return new Counter(key, d, set, names, values, mustExist);
    }

    /** Also adds every delta of {@code more}. */
    public Counter addAll(Map<String, Long> more) {
      Counter c = this;
      for (Map.Entry<String, Long> e : more.entrySet()) {
        c = c.add(e.getKey(), e.getValue());
      }
      return c;
    }

    /**
     * Also sets attributes with every count: {@code clause} without the {@code SET} keyword; its
     * placeholders must not be {@code #pk}, {@code #c}n or {@code :d}n.
     */
    public Counter set(String clause, Map<String, String> clauseNames, Map<String, AttributeValue> clauseValues) {
      return new Counter(key, deltas, clause, Map.copyOf(clauseNames), Map.copyOf(clauseValues), mustExist);
    }

    /** Counts only into an existing item ({@code attribute_exists(PK)}). */
    public Counter mustExist() {
      return new Counter(key, deltas, set, names, values, true);
    }

    public Key key() {
      return key;
    }

    /** The deltas, zero ones included. */
    public Map<String, Long> deltas() {
      return Map.copyOf(deltas);
    }

    /** Adds this counter's Update (or, when it moves nothing, its ConditionCheck or nothing) to {@code tx}; its index or -1. */
    int addTo(WriteTransaction tx) {
      Map<String, String> n = new HashMap<>(names);
      Map<String, AttributeValue> v = new HashMap<>(values);
      StringBuilder add = new StringBuilder();
      int i = 0;
      for (Map.Entry<String, Long> delta : deltas.entrySet()) {
        // A sum of 0 is still added: it creates the attribute, as the records one by one would.
        n.put("#c" + i, delta.getKey());
        v.put(":d" + i, AttributeValue.fromN(Long.toString(delta.getValue())));
        add.append(i == 0 ? "ADD " : ", ").append("#c").append(i).append(" :d").append(i);
        i++;
      }
      String condition = null;
      if (mustExist) {
        n.put("#pk", TableSchema.PK);
        condition = "attribute_exists(#pk)";
      }
      String update = (set == null ? "" : "SET " + set + (add.isEmpty() ? "" : " ")) + add;
      if (update.isEmpty()) {
        return mustExist ? tx.check(key, condition, Map.of("#pk", TableSchema.PK), Map.of()) : -1;
      }
      return tx.update(key, update, condition, n, v);
    }
  }

  /** One record's share of a {@link #countAll}: its receipt item and what it adds to the counter. */
  public record Change(Map<String, AttributeValue> receipt, Map<String, Long> deltas) {}

  /**
   * Counts one record: one TransactWriteItems of a Put of its {@code receipt}
   * ({@code attribute_not_exists(PK)}) and the Update of {@code counter} (ADD of its deltas).
   *
   * @return APPLIED; ALREADY_APPLIED when the receipt exists (a redelivered record); IGNORED when
   *     the counter must exist and does not
   */
  public StreamEffect count(Map<String, AttributeValue> receipt, Counter counter) {
    WriteTransaction tx = new WriteTransaction(table);
    int put = tx.putIfAbsent(receipt);
    int count = counter.addTo(tx);
    return commit(tx, put, count);
  }

  /**
   * Counts one record into several counters (a sale into its day and each product it sold): one
   * TransactWriteItems of a Put of its {@code receipt} ({@code attribute_not_exists(PK)}) and an
   * Update of each counter, so all of them move or none does. At most 99 counters, each at its
   * own key (a transaction takes 100 actions, one item once).
   *
   * @return APPLIED; ALREADY_APPLIED when the receipt exists (a redelivered record); IGNORED when
   *     a counter must exist and does not
   */
  public StreamEffect count(Map<String, AttributeValue> receipt, List<Counter> counters) {
    if (counters.size() > MAX_RECEIPTS) {
      throw new IllegalArgumentException(counters.size() + " counters in one transaction; at most " + MAX_RECEIPTS);
    }
    WriteTransaction tx = new WriteTransaction(table);
    int put = tx.putIfAbsent(receipt);
    List<Integer> updates = new ArrayList<>(counters.size());
    for (Counter c : counters) {
      updates.add(c.addTo(tx));
    }
    return tx.commit(StreamEffect.APPLIED, f -> f.failed(put) ? StreamEffect.ALREADY_APPLIED
        : updates.stream().anyMatch(i -> i >= 0 && f.failed(i)) ? StreamEffect.IGNORED : null);
  }

  /**
   * Uncounts one record: one TransactWriteItems of a Delete of its {@code receipt}
   * ({@code attribute_exists(PK)}) and the Update of {@code counter} (ADD of its deltas, usually
   * negative). Without a receipt the change was never counted, or its removal already was.
   *
   * @return APPLIED; ALREADY_APPLIED when there is no receipt; IGNORED when the counter must exist
   *     and does not
   */
  public StreamEffect uncount(Key receipt, Counter counter) {
    WriteTransaction tx = new WriteTransaction(table);
    int delete = tx.delete(receipt, "attribute_exists(#pk)", Map.of("#pk", TableSchema.PK));
    int count = counter.addTo(tx);
    return commit(tx, delete, count);
  }

  private static StreamEffect commit(WriteTransaction tx, int receipt, int counter) {
    return tx.commit(StreamEffect.APPLIED, f -> f.failed(receipt) ? StreamEffect.ALREADY_APPLIED
        : f.failed(counter) ? StreamEffect.IGNORED : null);
  }

  /**
   * Counts many records into one counter: per {@value #MAX_RECEIPTS} of them one TransactWriteItems
   * of a Put of each receipt ({@code attribute_not_exists(PK)}) and one Update of {@code counter}
   * with the sum of their deltas. When receipts exist (records counted before: a redelivered
   * batch), the transaction is cancelled, and sent again without them; each retry drops at least
   * one record, so a chunk takes at most as many requests as it has records plus one.
   *
   * @param counter the counter without deltas: each change's are added
   * @return each change's effect, in order: APPLIED, ALREADY_APPLIED (its receipt existed), or
   *     IGNORED (the counter must exist and does not)
   */
  public List<StreamEffect> countAll(Counter counter, List<Change> changes) {
    StreamEffect[] effects = new StreamEffect[changes.size()];
    for (int from = 0; from < changes.size(); from += MAX_RECEIPTS) {
      List<Integer> pending = new ArrayList<>();
      for (int i = from; i < Math.min(changes.size(), from + MAX_RECEIPTS); i++) {
        pending.add(i);
      }
      while (!pending.isEmpty()) {
        WriteTransaction tx = new WriteTransaction(table);
        Counter sum = counter;
        int[] receipts = new int[pending.size()];
        for (int k = 0; k < pending.size(); k++) {
          Change c = changes.get(pending.get(k));
          receipts[k] = tx.putIfAbsent(c.receipt());
          sum = sum.addAll(c.deltas());
        }
        int count = sum.addTo(tx);
        Set<Integer> refused = tx.commit(Set.of(), f -> {
          Set<Integer> failed = new HashSet<>();
          if (f.failed(count)) {
            failed.add(-1);
          }
          for (int k = 0; k < receipts.length; k++) {
            if (f.failed(receipts[k])) {
              failed.add(k);
            }
          }
          return failed.isEmpty() ? null : failed;
        });
        if (refused.isEmpty()) {
          pending.forEach(i -> effects[i] = StreamEffect.APPLIED);
          break;
        }
        List<Integer> rest = new ArrayList<>();
        for (int k = 0; k < pending.size(); k++) {
          if (refused.contains(k)) {
            effects[pending.get(k)] = StreamEffect.ALREADY_APPLIED;
          } else {
            rest.add(pending.get(k));
          }
        }
        if (refused.contains(-1) && rest.size() == pending.size()) {
          rest.forEach(i -> effects[i] = StreamEffect.IGNORED); // the counter is gone
          break;
        }
        pending = rest;
      }
    }
    return Arrays.asList(effects);
  }
}

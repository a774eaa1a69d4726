package dev.monotable.kit.internal.explorer;

import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.ops.ItemFormat;
import dev.monotable.kit.schema.TableSchema;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorRequest;
import software.amazon.awssdk.services.dynamodb.model.ListStreamsRequest;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamDescription;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The Live view: a table's stream read through the DynamoDB Streams API (ListStreams,
 * DescribeStream, GetShardIterator from the oldest record, GetRecords), on demand when the page
 * polls, its newest {@value #KEEP} records kept and numbered so the page asks only for what it has
 * not seen. A write through the API shows as its record, and what the stream consumers then write
 * (a feed entry, a counter) as the records that follow. It reads the stream, never the table, and
 * does not compete with the local service's stream pipeline (each has its own iterators).
 */
public final class LiveFeed {
  static final int KEEP = 200;
  static final int FIRST = 50;
  private static final int MAX_PAGES_PER_POLL = 20;

  private final DynamoDbStreamsClient streams;
  private final String table;
  private final Map<String, String> iterators = new LinkedHashMap<>();
  private final Map<String, String> lastSequence = new LinkedHashMap<>();
  private final Set<String> finished = new LinkedHashSet<>();
  private final Deque<Map<String, Object>> recent = new ArrayDeque<>();
  private String streamArn;
  private long nextId = 1;

  LiveFeed(DynamoDbStreamsClient streams, String table) {
    this.streams = streams;
    this.table = table;
  }

  /** Reads what is new, then answers the records numbered above {@code after} (0: the newest {@value #FIRST}). */
  synchronized Map<String, Object> after(long after, EntityModel model) {
    String note = null;
    try {
      poll(model);
    } catch (RuntimeException e) {
      note = "the stream did not answer: " + e.getMessage();
    }
    List<Map<String, Object>> events = new ArrayList<>();
    for (Map<String, Object> e : recent) {
      if ((Long) e.get("id") > after) {
        events.add(e);
      }
    }
    if (after == 0 && events.size() > FIRST) {
      events = new ArrayList<>(events.subList(events.size() - FIRST, events.size()));
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("table", table);
    out.put("stream", streamArn);
    out.put("events", events);
    out.put("last", nextId - 1);
    out.put("note", streamArn == null && note == null ? "the table has no stream (yet)" : note);
    return out;
  }

  private void poll(EntityModel model) {
    if (streamArn == null) {
      var listed = streams.listStreams(ListStreamsRequest.builder().tableName(table).build()).streams();
      if (listed.isEmpty()) {
        return;
      }
      streamArn = listed.get(listed.size() - 1).streamArn();
    }
    for (Shard shard : shards()) {
      String id = shard.shardId();
      if (!iterators.containsKey(id) && !finished.contains(id)) {
        iterators.put(id, iterator(id));
      }
    }
    for (String shardId : new ArrayList<>(iterators.keySet())) {
      String it = iterators.get(shardId);
      for (int page = 0; page < MAX_PAGES_PER_POLL && it != null; page++) {
        GetRecordsResponse r;
        try {
          r = streams.getRecords(GetRecordsRequest.builder().shardIterator(it).build());
        } catch (RuntimeException expired) {
          // An iterator lives 15 minutes: resume after the last record seen.
          it = iterator(shardId);
          r = streams.getRecords(GetRecordsRequest.builder().shardIterator(it).build());
        }
        for (Record rec : r.records()) {
          add(rec, model);
          lastSequence.put(shardId, rec.dynamodb().sequenceNumber());
        }
        it = r.nextShardIterator();
        if (r.records().isEmpty()) {
          break;
        }
      }
      if (it == null) {
        iterators.remove(shardId);
        finished.add(shardId);
      } else {
        iterators.put(shardId, it);
      }
    }
  }

  private String iterator(String shardId) {
    GetShardIteratorRequest.Builder b = GetShardIteratorRequest.builder().streamArn(streamArn).shardId(shardId);
    String last = lastSequence.get(shardId);
    if (last == null) {
      b.shardIteratorType(ShardIteratorType.TRIM_HORIZON);
    } else {
      b.shardIteratorType(ShardIteratorType.AFTER_SEQUENCE_NUMBER).sequenceNumber(last);
    }
    return streams.getShardIterator(b.build()).shardIterator();
  }

  private List<Shard> shards() {
    List<Shard> out = new ArrayList<>();
    String start = null;
    do {
      DescribeStreamRequest.Builder b = DescribeStreamRequest.builder().streamArn(streamArn);
      if (start != null) {
        b.exclusiveStartShardId(start);
      }
      StreamDescription d = streams.describeStream(b.build()).streamDescription();
      out.addAll(d.shards());
      start = d.lastEvaluatedShardId();
    } while (start != null);
    return out;
  }

  private void add(Record rec, EntityModel model) {
    var data = rec.dynamodb();
    Map<String, AttributeValue> image = data.hasNewImage() && !data.newImage().isEmpty() ? data.newImage()
        : data.hasOldImage() ? data.oldImage() : data.keys();
    Map<String, Object> e = new LinkedHashMap<>(Explorer.itemView(model, image, null));
    e.remove("item");
    e.put("id", nextId++);
    e.put("eventName", rec.eventNameAsString());
    e.put("time", data.approximateCreationDateTime() == null ? null : data.approximateCreationDateTime().toString());
    e.put("byTtl", rec.userIdentity() != null);
    Set<String> changed = new TreeSet<>();
    Map<String, AttributeValue> before = data.hasOldImage() ? data.oldImage() : Map.of();
    Map<String, AttributeValue> now = data.hasNewImage() ? data.newImage() : Map.of();
    Set<String> names = new TreeSet<>(before.keySet());
    names.addAll(now.keySet());
    // What a MODIFY changed; an INSERT or a REMOVE is the whole item.
    for (String n : before.isEmpty() || now.isEmpty() ? Set.<String>of() : names) {
      if (!Objects.equals(before.get(n), now.get(n)) && !n.equals(TableSchema.UPDATED_AT)) {
        changed.add(n);
      }
    }
    e.put("changed", List.copyOf(changed));
    e.put("newImage", now.isEmpty() ? null : ItemFormat.dynamoJson(now));
    recent.addLast(e);
    while (recent.size() > KEEP) {
      recent.removeFirst();
    }
  }
}

package dev.monotable.forge.functions.streams;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent.DynamodbStreamRecord;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.Identity;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamViewType;
import dev.monotable.kit.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the JSON Lambda delivers to a DynamoDB-stream function ({@code {"Records": [...]}},
 * {@code ApproximateCreationDateTime} in epoch seconds, images in DynamoDB JSON) from
 * {@code src/test/resources/streams}, into the {@link DynamodbEvent} the runtime would build.
 */
final class StreamEvents {
  private StreamEvents() {}

  static DynamodbEvent load(String name) {
    try (InputStream in = StreamEvents.class.getResourceAsStream("/streams/" + name)) {
      if (in == null) {
        throw new IllegalArgumentException("no fixture " + name);
      }
      return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @SuppressWarnings("unchecked")
  static DynamodbEvent parse(String json) throws IOException {
    Map<String, Object> root = Json.readObject(json);
    List<DynamodbStreamRecord> records = new ArrayList<>();
    for (Object o : (List<Object>) root.get("Records")) {
      Map<String, Object> r = (Map<String, Object>) o;
      DynamodbStreamRecord record = new DynamodbStreamRecord();
      record.setEventID((String) r.get("eventID"));
      record.setEventName((String) r.get("eventName"));
      record.setEventVersion((String) r.get("eventVersion"));
      record.setEventSource((String) r.get("eventSource"));
      record.setAwsRegion((String) r.get("awsRegion"));
      record.setEventSourceARN((String) r.get("eventSourceARN"));
      Map<String, Object> identity = (Map<String, Object>) r.get("userIdentity");
      if (identity != null) {
        Identity id = new Identity();
        id.setType((String) identity.get("type"));
        id.setPrincipalId((String) identity.get("principalId"));
        record.setUserIdentity(id);
      }
      Map<String, Object> d = (Map<String, Object>) r.get("dynamodb");
      StreamRecord stream = new StreamRecord();
      Number created = (Number) d.get("ApproximateCreationDateTime");
      if (created != null) {
        stream.setApproximateCreationDateTime(new Date((long) (created.doubleValue() * 1000)));
      }
      stream.setKeys(image((Map<String, Object>) d.get("Keys")));
      stream.setNewImage(image((Map<String, Object>) d.get("NewImage")));
      stream.setOldImage(image((Map<String, Object>) d.get("OldImage")));
      stream.setSequenceNumber((String) d.get("SequenceNumber"));
      Number size = (Number) d.get("SizeBytes");
      stream.setSizeBytes(size == null ? null : size.longValue());
      stream.setStreamViewType(StreamViewType.fromValue((String) d.get("StreamViewType")));
      record.setDynamodb(stream);
      records.add(record);
    }
    DynamodbEvent event = new DynamodbEvent();
    event.setRecords(records);
    return event;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, AttributeValue> image(Map<String, Object> json) {
    if (json == null) {
      return null;
    }
    Map<String, AttributeValue> out = new LinkedHashMap<>();
    json.forEach((name, v) -> out.put(name, value((Map<String, Object>) v)));
    return out;
  }

  @SuppressWarnings("unchecked")
  private static AttributeValue value(Map<String, Object> json) {
    AttributeValue v = new AttributeValue();
    Map.Entry<String, Object> e = json.entrySet().iterator().next();
    switch (e.getKey()) {
      case "S" -> v.setS((String) e.getValue());
      case "N" -> v.setN((String) e.getValue());
      case "BOOL" -> v.setBOOL((Boolean) e.getValue());
      case "NULL" -> v.setNULL((Boolean) e.getValue());
      case "M" -> v.setM(image((Map<String, Object>) e.getValue()));
      case "L" -> v.setL(((List<Object>) e.getValue()).stream().map(x -> value((Map<String, Object>) x)).toList());
      case "SS" -> v.setSS((List<String>) e.getValue());
      case "NS" -> v.setNS((List<String>) e.getValue());
      default -> throw new IllegalArgumentException("unsupported attribute type " + e.getKey());
    }
    return v;
  }
}

package dev.monotable.kit.keys;

import dev.monotable.kit.schema.TableSchema;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A partition/sort key pair, of the table or of one GSI. Construction enforces DynamoDB's key
 * limits (2048 bytes partition, 1024 bytes sort) so an over-long value fails before any request.
 */
public record Key(String pk, String sk) {

  public static final int MAX_PK_BYTES = 2048;
  public static final int MAX_SK_BYTES = 1024;

  public Key {
    if (pk == null || pk.isEmpty() || sk == null || sk.isEmpty()) {
      throw new IllegalArgumentException("key parts must not be empty");
    }
    if (pk.getBytes(StandardCharsets.UTF_8).length > MAX_PK_BYTES) {
      throw new IllegalArgumentException("partition key exceeds 2048 bytes");
    }
    if (sk.getBytes(StandardCharsets.UTF_8).length > MAX_SK_BYTES) {
      throw new IllegalArgumentException("sort key exceeds 1024 bytes");
    }
  }

  /** The table's primary key as a GetItem/DeleteItem key map. */
  public Map<String, AttributeValue> toMap() {
    return Map.of(TableSchema.PK, AttributeValue.fromS(pk), TableSchema.SK, AttributeValue.fromS(sk));
  }
}

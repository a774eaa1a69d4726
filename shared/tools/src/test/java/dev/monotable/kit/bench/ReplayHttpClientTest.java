package dev.monotable.kit.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.LocalDynamoDb;
import dev.monotable.testing.TestTable;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/** Records real exchanges with the local engine, then answers them again without any server. */
@ExtendWith(DynamoDbExtension.class)
class ReplayHttpClientTest {
  private static final Map<String, AttributeValue> ITEM = Map.of("PK", AttributeValue.fromS("REPLAY#1"),
      "SK", AttributeValue.fromS("REPLAY#1"), "Type", AttributeValue.fromS("Replay"),
      "Body", AttributeValue.fromS("recorded once"));
  private static final Map<String, AttributeValue> KEY = Map.of("PK", ITEM.get("PK"), "SK", ITEM.get("SK"));

  private static DynamoDbClient client(SdkHttpClient http, URI endpoint) {
    return DynamoDbClient.builder().httpClient(http).endpointOverride(endpoint).region(Region.US_EAST_1)
        .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local"))).build();
  }

  @Test
  void replaying_shouldAnswerTheRecordedResponsesInOrder_withoutAServer(TestTable table) {
    // GIVEN a PutItem and a GetItem recorded from the engine
    ReplayHttpClient tape = ReplayHttpClient.recording(UrlConnectionHttpClient.builder().build());
    try (DynamoDbClient recording = client(tape, LocalDynamoDb.endpoint())) {
      recording.putItem(PutItemRequest.builder().tableName(table.name()).item(ITEM).build());
      recording.getItem(GetItemRequest.builder().tableName(table.name()).key(KEY).build());
    }
    List<ReplayHttpClient.Exchange> exchanges = tape.exchanges();
    assertEquals(List.of("DynamoDB_20120810.PutItem", "DynamoDB_20120810.GetItem"),
        exchanges.stream().map(ReplayHttpClient.Exchange::target).toList());

    // WHEN a client pointed at a port nobody listens on replays them, twice round
    try (DynamoDbClient replay = client(ReplayHttpClient.replaying(exchanges), URI.create("http://127.0.0.1:9"))) {
      for (int round = 0; round < 2; round++) {
        replay.putItem(PutItemRequest.builder().tableName(table.name()).item(ITEM).build());
        // THEN each round answers the recorded item
        assertEquals(ITEM, replay.getItem(GetItemRequest.builder().tableName(table.name()).key(KEY).build()).item());
      }

      // AND a call out of the recorded order fails loudly instead of parsing a wrong answer
      IllegalStateException e = assertThrows(IllegalStateException.class,
          () -> replay.getItem(GetItemRequest.builder().tableName(table.name()).key(KEY).build()));
      assertTrue(String.valueOf(e.getMessage()).contains("replay expected DynamoDB_20120810.PutItem"), e.getMessage());
    }
  }

  @Test
  void replaying_shouldRefuseAnEmptyTape() {
    assertThrows(IllegalArgumentException.class, () -> ReplayHttpClient.replaying(List.of()));
  }
}

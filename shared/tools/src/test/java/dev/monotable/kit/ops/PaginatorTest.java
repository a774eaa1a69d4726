package dev.monotable.kit.ops;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.schema.TableSchema;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.DynamoDbLimitGuard;
import dev.monotable.testing.TestTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/** The operator tools' one LastEvaluatedKey loop: every page, its last key, and where it stops. */
@ExtendWith({DynamoDbExtension.class, DynamoDbLimitGuard.ScanAllowed.class})
class PaginatorTest {
  private static final String PARTITION = "PAGINATOR#p";
  private final TestTable table;

  PaginatorTest(TestTable table) {
    this.table = table;
  }

  @BeforeAll
  static void fiveItems(TestTable table) {
    for (int i = 1; i <= 5; i++) {
      table.put(Map.of(TableSchema.PK, AttributeValue.fromS(PARTITION), TableSchema.SK, AttributeValue.fromS("S#" + i)));
    }
  }

  private Paginator queryByTwo() {
    return Paginator.query(table.client(), () -> QueryRequest.builder().tableName(table.name())
        .keyConditionExpression("#pk = :pk").expressionAttributeNames(Map.of("#pk", TableSchema.PK))
        .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(PARTITION))).consistentRead(true).limit(2));
  }

  private static List<String> sortKeys(Paginator.Page page) {
    return page.items().stream().map(i -> i.get(TableSchema.SK).s()).toList();
  }

  @Test
  void query_shouldReadEveryPage_eachStartingAfterTheLastKeyOfTheOneBefore() {
    Paginator pages = queryByTwo();
    List<List<String>> read = new ArrayList<>();
    List<String> lastKeys = new ArrayList<>();

    while (pages.hasNext()) {
      Paginator.Page page = pages.next();
      read.add(sortKeys(page));
      lastKeys.add(page.lastKey() == null ? null : page.lastKey().get(TableSchema.SK).s());
    }

    assertEquals(List.of(List.of("S#1", "S#2"), List.of("S#3", "S#4"), List.of("S#5")), read);
    // A page short of the Limit is the last: DynamoDB gives it no LastEvaluatedKey.
    assertEquals(Arrays.asList("S#2", "S#4", null), lastKeys);
    assertEquals(3, pages.requests());
    assertThrows(NoSuchElementException.class, pages::next);
  }

  @Test
  void query_shouldSayMoreIsLeft_whenTheCallerStopsEarly() {
    Paginator pages = queryByTwo();

    Paginator.Page first = pages.next();

    assertEquals(List.of("S#1", "S#2"), sortKeys(first));
    assertEquals(2, first.count());
    assertTrue(pages.hasNext());
    assertEquals(1, pages.requests());
  }

  @Test
  void scan_shouldCountWhatItReadBesideWhatTheFilterKept() {
    Paginator pages = Paginator.scan(table.client(), () -> ScanRequest.builder().tableName(table.name())
        .consistentRead(true).filterExpression("#sk = :sk").expressionAttributeNames(Map.of("#sk", TableSchema.SK))
        .expressionAttributeValues(Map.of(":sk", AttributeValue.fromS("S#3"))).limit(2));
    List<String> kept = new ArrayList<>();
    long scanned = 0;

    while (pages.hasNext()) {
      Paginator.Page page = pages.next();
      kept.addAll(sortKeys(page));
      scanned += page.scannedCount();
    }

    assertEquals(List.of("S#3"), kept);
    assertEquals(5, scanned);
    assertEquals(3, pages.requests());
  }
}

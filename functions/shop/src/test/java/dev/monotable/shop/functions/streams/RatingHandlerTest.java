package dev.monotable.shop.functions.streams;

import static dev.monotable.testing.ExpectedItems.item;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent.DynamodbStreamRecord;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.stream.StreamImages;
import dev.monotable.shop.Shop;
import dev.monotable.shop.charts.ShopCharts;
import dev.monotable.shop.functions.ShopServices;
import dev.monotable.shop.model.Review;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TableOf;
import dev.monotable.testing.TestTable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * ST1 against a real table, fed the records Lambda would deliver for the reviews the data layer
 * wrote: each batch delivered again, and out of order, must leave the exact rating totals.
 */
@ExtendWith(DynamoDbExtension.class)
@TableOf(Shop.class)
class RatingHandlerTest {
  private static final String T0 = "2090-01-02T03:04:05.678Z";

  private final TestTable table;
  private final ShopServices services;
  private final RatingHandler handler;

  RatingHandlerTest(TestTable table) {
    this.table = table;
    this.services = new ShopServices(table.gateway(MutableClock.at(T0)), null);
    this.handler = new RatingHandler(services);
  }

  @Test
  void ratings_shouldBeCountedOnce_whenTheSameBatchIsDeliveredTwice_andOutOfOrder() {
    String dune = (String) services.products().create("books", "Dune", null, 1299, 5).get("product");
    String emma = (String) services.products().create("books", "Emma", null, 999, 5).get("product");
    List<DynamodbStreamRecord> records = new ArrayList<>();
    int[] ratings = {5, 4, 1, 3, 5, 2, 4};
    for (int i = 0; i < ratings.length; i++) {
      String product = i % 2 == 0 ? dune : emma;
      dev.monotable.shop.TestCustomers.ensure(services.table(), "user" + i);
      Map<String, Object> review = services.reviews().create(product, "user" + i, ratings[i], null);
      records.add(record("evt-" + i, table.item(new Key("PRODUCT#" + product, "REVIEW#" + review.get("review")))
          .orElseThrow()));
    }

    assertEquals(List.of(), handler.handleRequest(event(records), null).getBatchItemFailures());
    // dune: 5 + 1 + 5 + 4 = 15 over 4; emma: 4 + 3 + 2 = 9 over 3
    assertRating(dune, 4, 15);
    assertRating(emma, 3, 9);

    List<DynamodbStreamRecord> again = new ArrayList<>(records);
    Collections.shuffle(again, new Random(7));
    assertEquals(List.of(), handler.handleRequest(event(again), null).getBatchItemFailures());
    assertEquals(List.of(), handler.handleRequest(event(records.subList(2, 5)), null).getBatchItemFailures());
    assertRating(dune, 4, 15);
    assertRating(emma, 3, 9);

    var receipt = table.item(new Key("PRODUCT#" + dune, "RATED#evt-0")).orElseThrow();
    long ttl = Long.parseLong(receipt.get("TTL").n());
    assertEquals(item("PK", "PRODUCT#" + dune, "SK", "RATED#evt-0", "Type", "RatingReceipt", "ProductId", dune,
        "Record", "evt-0", "ReviewId", receipt.get("ReviewId").s(), "TTL", ttl, "CreatedAt", T0, "UpdatedAt", T0,
        "SchemaVersion", 1), receipt);
    assertEquals(java.time.Instant.parse(T0).getEpochSecond() + Review.RECEIPT_KEEP_SECONDS, ttl);
    assertEquals(7, table.itemsOfType("RatingReceipt").stream().filter(r -> List.of(dune, emma)
        .contains(r.get("ProductId").s())).count(), "one receipt per record");
    for (Map<String, AttributeValue> item : table.scanAll()) {
      assertEquals(List.of(), ShopCharts.VALIDATOR.validate(item), item.get("PK").s() + " / " + item.get("SK").s());
    }
  }

  @Test
  void aReviewOfAProductGone_shouldBeIgnored_andAnUnreadableRecordReported() {
    String dune = (String) services.products().create("books", "Dune", null, 1299, 5).get("product");
    dev.monotable.shop.TestCustomers.ensure(services.table(), "ann");
    Map<String, Object> review = services.reviews().create(dune, "ann", 5, null);
    Map<String, AttributeValue> image = table.item(new Key("PRODUCT#" + dune, "REVIEW#" + review.get("review")))
        .orElseThrow();
    table.client().deleteItem(b -> b.tableName(table.name()).key(new Key("PRODUCT#" + dune, "PRODUCT#" + dune)
        .toMap()));
    assertEquals(List.of(), handler.handleRequest(event(List.of(record("evt-gone", image))), null)
        .getBatchItemFailures());
    assertEquals(List.of(), table.itemsOfType("RatingReceipt").stream()
        .filter(r -> r.get("ProductId").s().equals(dune)).toList(), "nothing counted into a product that is gone");

    Map<String, AttributeValue> broken = new java.util.HashMap<>(image);
    broken.remove("Rating");
    var failures = handler.handleRequest(event(List.of(record("evt-bad", broken))), null).getBatchItemFailures();
    assertEquals(1, failures.size());
  }

  private void assertRating(String product, long count, long total) {
    var p = table.item(new Key("PRODUCT#" + product, "PRODUCT#" + product)).orElseThrow();
    assertEquals(List.of(Long.toString(count), Long.toString(total)),
        List.of(p.get("RatingCount").n(), p.get("RatingTotal").n()));
  }

  private static int sequence;

  private static DynamodbStreamRecord record(String id, Map<String, AttributeValue> newImage) {
    DynamodbStreamRecord r = new DynamodbStreamRecord();
    r.setEventID(id);
    r.setEventName("INSERT");
    StreamRecord s = new StreamRecord();
    s.setSequenceNumber(String.format("%021d", ++sequence));
    s.setNewImage(StreamImages.toEvent(newImage));
    r.setDynamodb(s);
    return r;
  }

  private static DynamodbEvent event(List<DynamodbStreamRecord> records) {
    DynamodbEvent e = new DynamodbEvent();
    e.setRecords(records);
    return e;
  }
}

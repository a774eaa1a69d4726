package dev.monotable.kit.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.monotable.kit.keys.Key;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TestTable;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** CountOnce's one record into several counters: one transaction, exactly once under redelivery. */
@ExtendWith(DynamoDbExtension.class)
class CountOnceTest {

  private final TestTable table;
  private final CountOnce counts;

  CountOnceTest(TestTable table) {
    this.table = table;
    this.counts = new CountOnce(table.gateway(MutableClock.at("2090-01-02T00:00:00.000Z")));
  }

  private static Map<String, AttributeValue> receipt(String record) {
    return Map.of("PK", AttributeValue.fromS("RECEIPT#" + record), "SK", AttributeValue.fromS("RECEIPT#" + record),
        "Type", AttributeValue.fromS("Receipt"));
  }

  private long n(Key key, String attribute) {
    return Long.parseLong(table.item(key).orElseThrow().get(attribute).n());
  }

  @Test
  void countIntoSeveralCounters_shouldMoveEachOnce_andARedeliveredRecordNothing() {
    Key day = new Key("DAY#1", "DAY#1");
    Key product = new Key("PRODUCT#p", "PRODUCT#p");
    List<CountOnce.Counter> counters = List.of(CountOnce.Counter.at(day).add("Units", 3).add("Orders", 1),
        CountOnce.Counter.at(product).add("Units", 3));

    assertEquals(StreamEffect.APPLIED, counts.count(receipt("r1"), counters));
    assertEquals(StreamEffect.ALREADY_APPLIED, counts.count(receipt("r1"), counters), "the same record again");
    assertEquals(StreamEffect.APPLIED, counts.count(receipt("r2"),
        List.of(CountOnce.Counter.at(day).add("Units", -1), CountOnce.Counter.at(product).add("Units", -1))));

    assertEquals(List.of(2L, 1L, 2L), List.of(n(day, "Units"), n(day, "Orders"), n(product, "Units")));
    assertEquals(StreamEffect.IGNORED, counts.count(receipt("r3"),
        List.of(CountOnce.Counter.at(new Key("GONE", "GONE")).add("Units", 1).mustExist())));
    assertEquals(true, table.item(new Key("RECEIPT#r3", "RECEIPT#r3")).isEmpty(), "nothing of it is written");
  }
}

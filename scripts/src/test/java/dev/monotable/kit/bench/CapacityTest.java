package dev.monotable.kit.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Capacity arithmetic against the worked examples of DynamoDB's documentation and pricing page. */
class CapacityTest {
  private static final long KB = 1024;

  @Test
  void itemSize_shouldCountNamesAndValues_theDocumentedWay() {
    // Strings: UTF-8 bytes of name and value ("é" is two bytes).
    assertEquals(2 + 2, Capacity.itemSize(Map.of("PK", AttributeValue.fromS("ab"))));
    assertEquals(4 + 2, Capacity.itemSize(Map.of("Name", AttributeValue.fromS("é"))));
    // Numbers: 1 byte per two significant digits, plus 1; leading and trailing zeros trimmed.
    assertEquals(1 + 3, Capacity.itemSize(Map.of("N", AttributeValue.fromN("123"))));
    assertEquals(1 + 2, Capacity.itemSize(Map.of("N", AttributeValue.fromN("100"))));
    assertEquals(1 + 2, Capacity.itemSize(Map.of("N", AttributeValue.fromN("0.05"))));
    // Binary: its bytes; Boolean and Null: 1 byte.
    assertEquals(1 + 3, Capacity.itemSize(Map.of("B", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[3])))));
    assertEquals(4 + 1, Capacity.itemSize(Map.of("Flag", AttributeValue.fromBool(true))));
    // Map: 3 bytes, plus 1 per element, plus element names and values; an empty map is 3 bytes.
    assertEquals(9 + 3 + (1 + 5 + 2), Capacity.itemSize(Map.of("Reactions",
        AttributeValue.fromM(Map.of("heart", AttributeValue.fromN("1"))))));
    assertEquals(1 + 3, Capacity.itemSize(Map.of("M", AttributeValue.fromM(Map.of()))));
    // List: 3 bytes, plus 1 per element, plus element values.
    assertEquals(1 + 3 + (1 + 2) + (1 + 2), Capacity.itemSize(Map.of("L",
        AttributeValue.fromL(List.of(AttributeValue.fromS("ab"), AttributeValue.fromN("7"))))));
    // String set: the sum of its elements.
    assertEquals(2 + 3, Capacity.itemSize(Map.of("SS", AttributeValue.fromSs(List.of("a", "bc")))));
  }

  @Test
  void readUnits_shouldMatchThePricingPagesExamples() {
    // "a strongly consistent read of an 8 KB item would require two RCUs, an eventually consistent
    // read of an 8 KB item would require one RCU, and a transactional read of an 8 KB item four"
    assertEquals(2.0, Capacity.readUnits(8 * KB, true));
    assertEquals(1.0, Capacity.readUnits(8 * KB, false));
    assertEquals(4.0, Capacity.transactReadUnits(8 * KB));
    // 3.5 KB rounds up to 4 KB; even an empty answer costs one rounding unit.
    assertEquals(1.0, Capacity.readUnits(3584, true));
    assertEquals(0.5, Capacity.readUnits(0, false));
  }

  @Test
  void batchReadUnits_shouldRoundEachItem_whileQueryRoundsTheSumOnce() {
    // Developer Guide: a BatchGetItem of a 1.5 KB and a 6.5 KB item counts 4 KB + 8 KB = 12 KB, not 8 KB.
    assertEquals(3.0, Capacity.batchReadUnits(List.of(1536L, 6656L), true));
    // Developer Guide: a Query returning items of 40.8 KB in all is rounded to 44 KB once.
    long each = (long) (40.8 * KB / 10);
    List<Long> ten = java.util.Collections.nCopies(10, each);
    assertEquals(11.0, Capacity.queryReadUnits(ten, true));
    assertEquals(5.5, Capacity.queryReadUnits(ten, false));
  }

  @Test
  void writeUnits_shouldMatchThePricingPagesExamples() {
    // "a standard write request of a 1 KB item would require one WCU, a standard write request of
    // a 3 KB item would require three WCUs, and a transactional write request of a 3 KB item six"
    assertEquals(1.0, Capacity.writeUnits(0, KB));
    assertEquals(3.0, Capacity.writeUnits(0, 3 * KB));
    assertEquals(6.0, Capacity.transactWriteUnits(0, 3 * KB));
    // An update is priced on the larger of the item before and after; 1.5 KB rounds up to 2.
    assertEquals(2.0, Capacity.writeUnits(1536, 200));
  }

  @Test
  void indexWriteUnits_shouldCountOneEntryWrite_andTwoWhenTheKeyMoves() {
    Map<String, AttributeValue> open = Map.of("PK", s("ISSUE#a#r#1"), "GSI4PK", s("ISSUE#a#r"), "GSI4SK", s("ISSUE#OPEN#9"));
    Map<String, AttributeValue> closed = Map.of("PK", s("ISSUE#a#r#1"), "GSI4PK", s("ISSUE#a#r"), "GSI4SK", s("#ISSUE#CLOSED#1"));
    Map<String, AttributeValue> retitled = Map.of("PK", s("ISSUE#a#r#1"), "GSI4PK", s("ISSUE#a#r"), "GSI4SK",
        s("ISSUE#OPEN#9"), "Title", s("new"));
    Map<String, AttributeValue> unindexed = Map.of("PK", s("ISSUE#a#r#1"));

    assertEquals(1.0, Capacity.indexWriteUnits(null, open, "GSI4PK", "GSI4SK"), "a new item with the keys");
    assertEquals(2.0, Capacity.indexWriteUnits(open, closed, "GSI4PK", "GSI4SK"), "closing moves the sort key");
    assertEquals(1.0, Capacity.indexWriteUnits(open, retitled, "GSI4PK", "GSI4SK"), "a projected attribute changed");
    assertEquals(0.0, Capacity.indexWriteUnits(open, open, "GSI4PK", "GSI4SK"), "nothing changed");
    assertEquals(1.0, Capacity.indexWriteUnits(open, null, "GSI4PK", "GSI4SK"), "deleted");
    assertEquals(0.0, Capacity.indexWriteUnits(null, unindexed, "GSI4PK", "GSI4SK"), "no index keys");
  }

  @Test
  void usdPerMillionCalls_shouldPriceReadAndWriteUnitsOnDemand() {
    // 2 read units and 4 write units at $0.125 and $0.625 per million.
    assertEquals(0.25 + 2.5, new Capacity.Units(2, 4, 2).usdPerMillionCalls(), 1e-9);
    assertEquals(new Capacity.Units(2.5, 4, 2), new Capacity.Units(2, 4, 2).plus(new Capacity.Units(0.5, 0, 0)));
  }

  private static AttributeValue s(String v) {
    return AttributeValue.fromS(v);
  }
}

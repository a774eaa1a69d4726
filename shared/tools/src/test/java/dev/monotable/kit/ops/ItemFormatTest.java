package dev.monotable.kit.ops;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.charts.ChartTypes.Chart;
import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.ops.OpsFixtures.Output;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.testing.TestDomain;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class ItemFormatTest {

  /** The test domain's four indexes and no chart: the columns come from the schema, no item gets a label. */
  private static final EntityModel MODEL = new EntityModel() {
    @Override
    public TableSchema schema() {
      return TestDomain.SCHEMA;
    }

    @Override
    public List<Chart> charts() {
      return List.of();
    }

    @Override
    public Map<String, Predicate<String>> segmentRules() {
      return Map.of();
    }
  };

  private static Map<String, AttributeValue> item() {
    Map<String, AttributeValue> m = new LinkedHashMap<>();
    m.put("UpdatedAt", AttributeValue.fromS("2026-01-02T00:00:00.000Z"));
    m.put("Reactions", AttributeValue.fromM(Map.of("rocket", AttributeValue.fromN("2"), "+1", AttributeValue.fromN("1"))));
    m.put("Title", AttributeValue.fromS("Two words"));
    m.put("SK", AttributeValue.fromS("S1"));
    m.put("PK", AttributeValue.fromS("P1"));
    m.put("Type", AttributeValue.fromS("Thing"));
    m.put("GSI2PK", AttributeValue.fromS("G2"));
    m.put("Open", AttributeValue.fromBool(true));
    return m;
  }

  @Test
  void table_shouldAlignKeyColumns_showOnlyIndexesPresent_andListOtherAttributesCompactly() {
    Output out = new Output();
    Map<String, AttributeValue> second = Map.of("PK", AttributeValue.fromS("P22"), "SK", AttributeValue.fromS("S"),
        "Body", AttributeValue.fromS("x".repeat(60)));

    ItemFormat.table(MODEL, List.of(item(), second), out.stream);

    assertEquals(List.of(
        "PK   SK  Type   GSI2PK  attributes",
        "P1   S1  Thing  G2      Open=true  Reactions={+1:1,rocket:2}  Title=\"Two words\"  "
            + "UpdatedAt=2026-01-02T00:00:00.000Z",
        "P22  S                  Body=" + "x".repeat(45) + "..."), out.lines());
  }

  @Test
  void json_shouldWriteDynamoDbJson_withKeysAndTypeFirst() {
    assertEquals("{\"PK\":{\"S\":\"P1\"},\"SK\":{\"S\":\"S1\"},\"Type\":{\"S\":\"Thing\"},\"GSI2PK\":{\"S\":\"G2\"},"
        + "\"Open\":{\"BOOL\":true},\"Reactions\":{\"M\":{\"+1\":{\"N\":\"1\"},\"rocket\":{\"N\":\"2\"}}},"
        + "\"Title\":{\"S\":\"Two words\"},\"UpdatedAt\":{\"S\":\"2026-01-02T00:00:00.000Z\"}}", ItemFormat.json(item()));
  }
}

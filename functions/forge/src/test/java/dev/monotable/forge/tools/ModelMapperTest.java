package dev.monotable.forge.tools;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.forge.charts.EntityCharts;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.testing.ModelSamples;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class ModelMapperTest {

  @Test
  void types_shouldCoverEveryEntityChart() {
    assertEquals(Set.copyOf(EntityCharts.types()), ModelMapper.types());
  }

  @Test
  void remap_shouldReturnTheSameItem_forEveryChartsSample() {
    // A round trip that changed a current item would make every backfill rewrite the whole table.
    ModelSamples.all().forEach((label, item) ->
        assertEquals(item, ModelMapper.remap(item).orElseThrow(), label));
  }

  @Test
  void remap_shouldRecomputeIndexKeysAndSchemaVersion_fromTheRecord() {
    Map<String, AttributeValue> current = ModelSamples.all().get("Counter");
    Map<String, AttributeValue> old = new HashMap<>(current);
    old.put(TableSchema.SCHEMA_VERSION, AttributeValue.fromN("0"));
    old.put("GSI1PK", AttributeValue.fromS("COUNTER#stale"));

    assertEquals(current, ModelMapper.remap(old).orElseThrow());
  }

  @Test
  void remap_shouldBeEmpty_whenTypeIsMissingOrUnknown() {
    assertTrue(ModelMapper.remap(Map.of("PK", AttributeValue.fromS("X"))).isEmpty());
    assertTrue(ModelMapper.remap(Map.of(TableSchema.TYPE, AttributeValue.fromS("Widget"))).isEmpty());
  }
}

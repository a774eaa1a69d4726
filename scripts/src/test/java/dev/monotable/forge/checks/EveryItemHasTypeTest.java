package dev.monotable.forge.checks;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.forge.charts.EntityCharts;
import dev.monotable.kit.charts.ChartTypes.Chart;
import dev.monotable.kit.charts.ModelValidator;
import dev.monotable.testing.ModelSamples;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Checklist: a Type attribute on every item, written by the entity's model record. */
class EveryItemHasTypeTest {

  @Test
  void everyChart_shouldNameAModelRecord_withPublicToItem() throws Exception {
    for (Chart chart : EntityCharts.all()) {
      assertTrue(chart.model().isRecord(), chart.label() + ": " + chart.model() + " is not a record");
      Method toItem = chart.model().getMethod("toItem");
      assertTrue(Modifier.isPublic(toItem.getModifiers()), chart.label());
      assertEquals(Map.class, toItem.getReturnType(), chart.label());
    }
  }

  @Test
  void everyChart_shouldHaveASampleFromItsRecord_carryingItsType() {
    Map<String, Map<String, AttributeValue>> samples = ModelSamples.all();
    assertEquals(EntityCharts.all().stream().map(Chart::label).toList(), List.copyOf(samples.keySet()),
        "one sample per chart: add a ModelSamples entry for a new entity");
    for (Chart chart : EntityCharts.all()) {
      Map<String, AttributeValue> item = samples.get(chart.label());
      AttributeValue type = item.get("Type");
      assertNotNull(type, chart.label() + " has no Type");
      assertEquals(chart.type(), type.s(), chart.label());
      assertEquals(List.of(), EntityCharts.VALIDATOR.validate(item), chart.label());
    }
  }
}

package dev.monotable.carry.charts;

import dev.monotable.carry.Carry;
import dev.monotable.carry.model.Entry;
import dev.monotable.kit.charts.ChartTypes.Chart;
import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.charts.ModelValidator;
import dev.monotable.kit.schema.TableSchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** Carry's entity charts: the docs print them, the validator holds every item to them. */
public final class CarryCharts implements EntityModel {

  public static final CarryCharts MODEL = new CarryCharts();
  public static final ModelValidator VALIDATOR = new ModelValidator(MODEL);

  private static final List<Chart> CHARTS = List.of(
      Chart.of(Entry.ENTITY, Entry.class, List.of("one item per entry")));

  private CarryCharts() {}

  @Override
  public TableSchema schema() {
    return Carry.SCHEMA;
  }

  @Override
  public List<Chart> charts() {
    return CHARTS;
  }

  @Override
  public Map<String, Predicate<String>> segmentRules() {
    Map<String, Predicate<String>> rules = new LinkedHashMap<>(ModelValidator.standardSegmentRules());
    rules.putAll(Entry.ENTITY.segmentRules());
    return rules;
  }
}

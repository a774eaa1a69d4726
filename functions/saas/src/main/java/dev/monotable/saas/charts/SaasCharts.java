package dev.monotable.saas.charts;

import dev.monotable.saas.Saas;
import dev.monotable.saas.model.Entry;
import dev.monotable.kit.charts.ChartTypes.Chart;
import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.charts.ModelValidator;
import dev.monotable.kit.schema.TableSchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** Saas's entity charts: the docs print them, the validator holds every item to them. */
public final class SaasCharts implements EntityModel {

  public static final SaasCharts MODEL = new SaasCharts();
  public static final ModelValidator VALIDATOR = new ModelValidator(MODEL);

  private static final List<Chart> CHARTS = List.of(
      Chart.of(Entry.ENTITY, Entry.class, List.of("one item per entry")));

  private SaasCharts() {}

  @Override
  public TableSchema schema() {
    return Saas.SCHEMA;
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

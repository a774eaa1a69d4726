package dev.monotable.devices.charts;

import dev.monotable.devices.Devices;
import dev.monotable.devices.DevicesKeys;
import dev.monotable.devices.model.Entry;
import dev.monotable.kit.charts.ChartTypes.Attribute;
import dev.monotable.kit.charts.ChartTypes.AttributeType;
import dev.monotable.kit.charts.ChartTypes.Chart;
import dev.monotable.kit.charts.ChartTypes.ChartKey;
import dev.monotable.kit.charts.ChartTypes.KeyPair;
import dev.monotable.kit.charts.ChartTypes.Mutability;
import dev.monotable.kit.charts.ChartTypes.Selector;
import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.charts.ModelValidator;
import dev.monotable.kit.schema.TableSchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** Devices's entity charts: the docs print them, the validator holds every item to them. */
public final class DevicesCharts implements EntityModel {

  public static final DevicesCharts MODEL = new DevicesCharts();
  public static final ModelValidator VALIDATOR = new ModelValidator(MODEL);

  private static final List<Chart> CHARTS = List.of(
      new Chart(Entry.TYPE, null, Entry.class, Selector.always(),
          new KeyPair(new ChartKey(DevicesKeys.ENTRY, Map.of()), new ChartKey(DevicesKeys.ENTRY, Map.of())),
          Map.of(), false, false,
          List.of("one item per entry"),
          List.of(
              new Attribute("Entry", AttributeType.S, true, Mutability.FIXED, "the entry's name"),
              new Attribute("Text", AttributeType.S, true, Mutability.FIXED, "the entry's text"))));

  private DevicesCharts() {}

  @Override
  public TableSchema schema() {
    return Devices.SCHEMA;
  }

  @Override
  public List<Chart> charts() {
    return CHARTS;
  }

  @Override
  public Map<String, Predicate<String>> segmentRules() {
    Map<String, Predicate<String>> rules = new LinkedHashMap<>(ModelValidator.standardSegmentRules());
    rules.put("entry", v -> DevicesKeys.ENTRY_NAME.matcher(v).matches());
    return rules;
  }
}

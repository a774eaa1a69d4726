package dev.monotable.kit.charts;

import dev.monotable.kit.charts.ChartTypes.Chart;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.schema.TableSchema;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A domain's entities as the kit reads them: the table, one chart per entity (or variant) with its
 * key templates per index, and the rule each template placeholder is held to. The docs generator
 * prints the charts, {@link ModelValidator} checks stored items against them and the operator
 * tools label items with them.
 */
public interface EntityModel {

  TableSchema schema();

  /** Every chart, in the order the docs print them (variants next to each other). */
  List<Chart> charts();

  /** The rule of each template placeholder name; every placeholder of {@link #charts} has one. */
  Map<String, Predicate<String>> segmentRules();

  /** Entity types in chart order. */
  default List<String> types() {
    Set<String> types = new LinkedHashSet<>();
    charts().forEach(c -> types.add(c.type()));
    return List.copyOf(types);
  }

  /** The charts of one {@code Type}; empty for an unknown type. */
  default List<Chart> ofType(String type) {
    return charts().stream().filter(c -> c.type().equals(type)).toList();
  }

  /** The chart with this label ({@code Issue (open)}, {@code User}). */
  default Chart byLabel(String label) {
    return charts().stream().filter(c -> c.label().equals(label)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no chart " + label));
  }

  /** The chart an item falls under (by Type and selector), or empty. */
  default Optional<Chart> forItem(Map<String, AttributeValue> item) {
    String type = Items.type(item);
    if (type == null) {
      return Optional.empty();
    }
    return ofType(type).stream().filter(c -> c.selector().matches(item)).findFirst();
  }
}

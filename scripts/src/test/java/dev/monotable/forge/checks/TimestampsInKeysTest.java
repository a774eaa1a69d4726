package dev.monotable.forge.checks;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.keys.Template;
import dev.monotable.forge.charts.EntityCharts;
import dev.monotable.kit.charts.ChartTypes.Chart;
import dev.monotable.kit.charts.ChartTypes.ChartKey;
import dev.monotable.kit.charts.ChartTypes.KeyPair;
import dev.monotable.kit.charts.ChartTypes.Selector;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Checklist: no timestamps in keys a client could not know at read time. A timestamp may only be
 * a sort position whose order or range is the access pattern: the activity feed (table SK), the
 * stargazers (GSI1SK) and an account's repositories by last update (GSI3SK). Never in a partition
 * key, and never in a table SK that a GetItem, a uniqueness check or an idempotent delete must
 * rebuild (the reason Star's SK dropped seed 003's timestamp).
 */
class TimestampsInKeysTest {

  static final Set<String> ALLOWED = Set.of("Activity SK", "Star GSI1SK", "Repository GSI3SK");

  /** Type and key attribute of every key template holding {@code {ts}}. */
  static Set<String> timestampPositions(List<Chart> charts) {
    Set<String> out = new LinkedHashSet<>();
    for (Chart c : charts) {
      c.keyAttributes().forEach((name, key) -> {
        if (key.template().names().contains("ts")) {
          out.add(c.type() + " " + name);
        }
      });
    }
    return out;
  }

  static List<String> problems(List<Chart> charts) {
    List<String> out = new ArrayList<>();
    for (String position : timestampPositions(charts)) {
      String attribute = position.substring(position.indexOf(' ') + 1);
      if (attribute.endsWith("PK")) {
        out.add(position + ": timestamp in a partition key");
      } else if (attribute.equals("SK") && !position.equals("Activity SK")) {
        out.add(position + ": timestamp in a table sort key");
      } else if (!ALLOWED.contains(position)) {
        out.add(position + ": timestamp in an undocumented sort position");
      }
    }
    return out;
  }

  @Test
  void keys_shouldHoldTimestampsOnlyInTheDocumentedSortPositions() {
    assertEquals(List.of(), problems(EntityCharts.all()));
    assertEquals(ALLOWED, timestampPositions(EntityCharts.all()));
  }

  @Test
  void problems_shouldReportTimestamps_inPartitionKeysAndTableSortKeys() {
    Chart seedStar = new Chart("Star", null, Object.class, Selector.always(),
        new KeyPair(key("ACCOUNT#{username}"), key("STAR#{owner}#{repo}#{ts}")), Map.of(), false, false, List.of(),
        List.of());
    Chart daily = new Chart("Daily", null, Object.class, Selector.always(),
        new KeyPair(key("DAY#{ts}"), key("DAY#{ts}")), Map.of(), false, false, List.of(), List.of());
    assertEquals(List.of("Star SK: timestamp in a table sort key", "Daily PK: timestamp in a partition key",
        "Daily SK: timestamp in a table sort key"), problems(List.of(seedStar, daily)));
  }

  private static ChartKey key(String pattern) {
    return new ChartKey(Template.of(pattern), Map.of());
  }
}

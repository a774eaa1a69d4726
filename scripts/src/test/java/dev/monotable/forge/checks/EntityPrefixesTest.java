package dev.monotable.forge.checks;

import dev.monotable.forge.Forge;
import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.keys.Template;
import dev.monotable.forge.charts.EntityCharts;
import dev.monotable.kit.charts.ChartTypes.Chart;
import dev.monotable.kit.charts.ChartTypes.ChartKey;
import dev.monotable.kit.charts.ChartTypes.KeyPair;
import dev.monotable.kit.charts.ChartTypes.Selector;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Checklist: consistent entity prefixes. Every key template starts with an upper-case entity
 * prefix and {@code #}; a sort key may instead start with {@code #} (sorts before the letters:
 * closed issues after open ones, repositories before their account on GSI3) or be an upper-case
 * constant ({@code METADATA}). No two entity types share a table key pair, and within any
 * partition template the sort-key prefixes of different types never contain one another, so a
 * begins_with query returns one type. The single exception is the account namespace that users
 * and organizations share on purpose (a name is taken by one or the other).
 */
class EntityPrefixesTest {

  static final Set<Set<String>> SHARED_ON_PURPOSE = Set.of(Set.of("User", "Organization"));

  private static final Pattern ENTITY_PREFIX = Pattern.compile("^[A-Z]+#");
  private static final Pattern CONSTANT = Pattern.compile("^[A-Z]+$");

  static List<String> prefixProblems(List<Chart> charts) {
    List<String> out = new ArrayList<>();
    for (Chart c : charts) {
      c.keyAttributes().forEach((name, key) -> {
        String p = key.template().pattern();
        boolean sortKey = name.endsWith("SK");
        boolean ok = ENTITY_PREFIX.matcher(p).find()
            || (sortKey && (p.startsWith("#") || CONSTANT.matcher(p).matches()));
        if (!ok) {
          out.add(c.label() + " " + name + " " + p);
        }
      });
    }
    return out;
  }

  static List<String> sharedKeyProblems(List<Chart> charts) {
    Map<String, Set<String>> typesByPair = new LinkedHashMap<>();
    for (Chart c : charts) {
      typesByPair.computeIfAbsent(c.table().pk().template().pattern() + " " + c.table().sk().template().pattern(),
          k -> new LinkedHashSet<>()).add(c.type());
    }
    List<String> out = new ArrayList<>();
    typesByPair.forEach((pair, types) -> {
      if (types.size() > 1 && !SHARED_ON_PURPOSE.contains(types)) {
        out.add(pair + " shared by " + types);
      }
    });
    return out;
  }

  /** Sort-key prefixes of different types in one partition template must not contain one another. */
  static List<String> collectionProblems(List<Chart> charts) {
    Map<String, Function<Chart, KeyPair>> positions = new LinkedHashMap<>();
    positions.put("table", Chart::table);
    for (Gsi gsi : Forge.SCHEMA.gsis()) {
      positions.put(gsi.indexName(), c -> c.indexes().get(gsi));
    }
    Set<String> out = new TreeSet<>();
    positions.forEach((where, position) -> {
      for (Chart a : charts) {
        for (Chart b : charts) {
          KeyPair pa = position.apply(a);
          KeyPair pb = position.apply(b);
          if (pa == null || pb == null || a.type().equals(b.type())
              || SHARED_ON_PURPOSE.contains(Set.of(a.type(), b.type()))
              || !pa.pk().template().pattern().equals(pb.pk().template().pattern())) {
            continue;
          }
          String prefixA = pa.sk().template().prefix();
          String prefixB = pb.sk().template().prefix();
          if (prefixB.startsWith(prefixA)) {
            out.add(where + " " + pa.pk().template() + ": " + a.type() + " prefix " + prefixA + " also selects "
                + b.type() + " (" + prefixB + ")");
          }
        }
      }
    });
    return List.copyOf(out);
  }

  @Test
  void everyKeyTemplate_shouldStartWithAnEntityPrefix() {
    assertEquals(List.of(), prefixProblems(EntityCharts.all()));
  }

  @Test
  void noTwoEntities_shouldShareATableKeyPair_exceptTheAccountNamespace() {
    assertEquals(List.of(), sharedKeyProblems(EntityCharts.all()));
  }

  @Test
  void sortKeyPrefixes_shouldSelectOneEntityType_perPartition() {
    assertEquals(List.of(), collectionProblems(EntityCharts.all()));
  }

  @Test
  void checks_shouldReportBadPrefixesSharedKeysAndOverlappingPrefixes_whenPresent() {
    List<Chart> bad = List.of(
        chart("Widget", Template.of("widget#{id}"), Template.of("{id}")),
        chart("Gadget", Template.of("#G#{id}"), Template.of("G#{id}")),
        chart("Note", Template.of("REPO#{owner}#{repo}"), Template.of("N#{id}")),
        chart("Label", Template.of("REPO#{owner}#{repo}"), Template.of("N#{id}")),
        chart("Tag", Template.of("REPO#{owner}#{repo}"), Template.of("N#TAG#{id}")));
    assertEquals(List.of("Widget PK widget#{id}", "Widget SK {id}", "Gadget PK #G#{id}"), prefixProblems(bad));
    assertEquals(List.of("REPO#{owner}#{repo} N#{id} shared by [Note, Label]"), sharedKeyProblems(bad));
    assertEquals(List.of(
        "table REPO#{owner}#{repo}: Label prefix N# also selects Note (N#)",
        "table REPO#{owner}#{repo}: Label prefix N# also selects Tag (N#TAG#)",
        "table REPO#{owner}#{repo}: Note prefix N# also selects Label (N#)",
        "table REPO#{owner}#{repo}: Note prefix N# also selects Tag (N#TAG#)"), collectionProblems(bad));
  }

  private static Chart chart(String type, Template pk, Template sk) {
    return new Chart(type, null, Object.class, Selector.always(),
        new KeyPair(new ChartKey(pk, Map.of()), new ChartKey(sk, Map.of())), Map.of(), false, false, List.of(),
        List.of());
  }
}

package dev.monotable.forge.checks;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.forge.catalog.AccessPattern;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.forge.catalog.EndpointCatalog;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Checklist: every access pattern is served by key (GetItem, BatchGetItem, Query) or by a keyed
 * write (PutItem, UpdateItem, TransactWriteItems); never by Scan.
 */
class AccessPatternOperationsTest {

  static final Set<String> ALLOWED = Set.of("GetItem", "Query", "BatchGetItem", "TransactWriteItems", "UpdateItem",
      "PutItem");

  /** Problems of (pattern, operation, index key attribute or null, key condition) rows. */
  static List<String> problems(Map<String, String[]> patterns) {
    List<String> out = new ArrayList<>();
    patterns.forEach((name, p) -> {
      String operation = p[0];
      String indexPk = p[1];
      String keyCondition = p[2];
      if (operation.equals("none")) {
        return;
      }
      for (String call : operation.split(" \\+ | / ")) {
        if (!ALLOWED.contains(call.trim())) {
          out.add(name + ": " + call.trim() + " is not a keyed operation");
        }
      }
      if (indexPk != null && !(operation.equals("Query") && keyCondition.startsWith(indexPk + " = "))) {
        out.add(name + ": an index pattern must be a Query on " + indexPk);
      }
    });
    return out;
  }

  private static Map<String, String[]> catalog() {
    Map<String, String[]> m = new LinkedHashMap<>();
    for (AccessPattern ap : AccessPattern.values()) {
      m.put(ap.name(), new String[] {ap.operation(), ap.index() == null ? null : ap.index().pk(), ap.keyCondition()});
    }
    return m;
  }

  @Test
  void everyAccessPattern_shouldUseKeyedOperations() {
    assertEquals(List.of(), problems(catalog()));
  }

  @Test
  void onlyTheHealthCheck_shouldTouchNoTable() {
    for (AccessPattern ap : AccessPattern.values()) {
      if (ap.operation().equals("none")) {
        assertEquals(AccessPattern.AP42, ap);
        for (Endpoint e : EndpointCatalog.endpoints()) {
          if (e.patterns().contains(ap)) {
            assertEquals(Set.of(), e.actions(), e.routeKey());
          }
        }
      }
    }
  }

  @Test
  void noFunction_shouldBeGrantedScan() {
    for (DynamoAction a : DynamoAction.values()) {
      assertFalse(a.iamName().contains("Scan"), a.iamName());
    }
  }

  @Test
  void problems_shouldReportScanAndUnkeyedIndexReads_whenPresent() {
    Map<String, String[]> bad = new LinkedHashMap<>();
    bad.put("AP90", new String[] {"Scan", null, "filter Type = User"});
    bad.put("AP91", new String[] {"Query + Scan", null, "PK = X"});
    bad.put("AP92", new String[] {"GetItem", "GSI1PK", "GSI1PK = X"});
    assertEquals(List.of("AP90: Scan is not a keyed operation", "AP91: Scan is not a keyed operation",
        "AP92: an index pattern must be a Query on GSI1PK"), problems(bad));
  }
}

package dev.monotable.kit.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.domain.Domain;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Checklist, for every registered domain: every access pattern is served by key (GetItem,
 * BatchGetItem, Query) or by a keyed write (PutItem, UpdateItem, DeleteItem, BatchWriteItem,
 * TransactWriteItems); never by Scan. A pattern that touches no table is served by routes granted
 * nothing.
 */
class AccessPatternOperationsTest {

  static final Set<String> ALLOWED = Set.of("GetItem", "Query", "BatchGetItem", "TransactWriteItems", "UpdateItem",
      "PutItem", "DeleteItem", "BatchWriteItem");

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
      for (String call : operation.split(" \\+ | / |, ")) {
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

  private static Map<String, String[]> catalog(Domain domain) {
    Map<String, String[]> m = new LinkedHashMap<>();
    for (AccessPatternSpec ap : domain.accessPatterns()) {
      m.put(ap.name(), new String[] {ap.operation(), ap.index() == null ? null : ap.index().pk(), ap.keyCondition()});
    }
    return m;
  }

  @ParameterizedTest
  @MethodSource("dev.monotable.kit.checks.RegisteredDomains#domains")
  void everyAccessPattern_shouldUseKeyedOperations(Domain domain) {
    assertEquals(List.of(), problems(catalog(domain)));
  }

  @ParameterizedTest
  @MethodSource("dev.monotable.kit.checks.RegisteredDomains#domains")
  void aPatternTouchingNoTable_shouldBeServedByRoutesGrantedNothing(Domain domain) {
    for (AccessPatternSpec ap : domain.accessPatterns()) {
      if (ap.operation().equals("none")) {
        for (Endpoint e : domain.endpoints()) {
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
    bad.put("AP93", new String[] {"GetItem, Scan", null, "PK = X"});
    assertEquals(List.of("AP90: Scan is not a keyed operation", "AP91: Scan is not a keyed operation",
        "AP92: an index pattern must be a Query on GSI1PK", "AP93: Scan is not a keyed operation"), problems(bad));
  }
}

package dev.monotable.kit.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.KeyCondition;
import dev.monotable.kit.catalog.Operation;
import dev.monotable.kit.catalog.Writes;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.tools.DevDomain;
import dev.monotable.kit.tools.DevDomains;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every registered domain's access patterns and routes hold together, read from their typed
 * declarations (no string is parsed): an index pattern is one Query of that index, a route is
 * granted every action its patterns' operations need and every index they query, and a route's
 * path parameters are the names its patterns' key templates are filled by.
 */
class PatternDeclarationsTest {

  static Stream<DevDomain> domains() {
    return DevDomains.all().stream();
  }

  /** Problems of one domain's declarations; empty when they hold together. */
  static List<String> problems(Domain domain) {
    List<String> out = new ArrayList<>();
    for (AccessPatternSpec ap : domain.accessPatterns()) {
      KeyCondition key = ap.key();
      if (key.index() != null) {
        if (!(key instanceof KeyCondition.QueryKey) || !ap.calls().includes(Operation.QUERY)) {
          out.add(ap.name() + ": an index pattern must be a Query of " + key.index());
        }
        if (!domain.schema().gsis().contains(key.index())) {
          out.add(ap.name() + ": " + key.index() + " is not an index of the table");
        }
      }
      if (key instanceof KeyCondition.GetKey && !ap.calls().includes(Operation.GET_ITEM)) {
        out.add(ap.name() + ": a key of one item is read by GetItem, not " + ap.calls());
      }
      if (key instanceof KeyCondition.QueryKey && !ap.calls().includes(Operation.QUERY)) {
        out.add(ap.name() + ": a partition is read by Query, not " + ap.calls());
      }
    }
    for (Endpoint e : domain.endpoints()) {
      Set<DynamoAction> needed = EnumSet.noneOf(DynamoAction.class);
      for (AccessPatternSpec ap : e.patterns()) {
        for (Operation op : ap.calls().all()) {
          needed.addAll(op.grants());
          if (op == Operation.TRANSACT_WRITE_ITEMS && e.actions().stream().noneMatch(a -> a.isWrite()
              || a == DynamoAction.CONDITION_CHECK_ITEM)) {
            out.add(e.routeKey() + ": " + ap.name() + " writes a transaction but the route is granted no write");
          }
        }
        if (ap.key() instanceof Writes w) {
          // a declared write names the action of each of its parts: none can be missing from the route
          needed.addAll(w.actions());
        }
        if (ap.key().index() != null && !e.indexes().contains(ap.key().index())) {
          out.add(e.routeKey() + ": " + ap.name() + " queries " + ap.key().index() + ", which the route is not granted");
        }
      }
      for (DynamoAction a : needed) {
        if (!e.actions().contains(a)) {
          out.add(e.routeKey() + ": its patterns call " + a.iamName() + ", which the route is not granted");
        }
      }
    }
    return out;
  }

  @ParameterizedTest
  @MethodSource("domains")
  void everyPatternAndRoute_shouldHoldTogether(DevDomain domain) {
    assertEquals(List.of(), problems(domain.domain()));
  }

  /** Read actions a route is granted that none of its patterns' operations make. */
  static List<String> unusedReads(Domain domain) {
    List<String> out = new ArrayList<>();
    for (Endpoint e : domain.endpoints()) {
      Set<DynamoAction> needed = EnumSet.noneOf(DynamoAction.class);
      e.patterns().forEach(ap -> ap.calls().all().forEach(op -> needed.addAll(op.grants())));
      boolean transacts = e.patterns().stream().anyMatch(ap -> ap.calls().includes(Operation.TRANSACT_WRITE_ITEMS));
      for (DynamoAction a : e.actions()) {
        boolean read = a == DynamoAction.QUERY || a == DynamoAction.GET_ITEM || a == DynamoAction.BATCH_GET_ITEM;
        if (read && !needed.contains(a) && !transacts) {
          out.add(e.routeKey() + " is granted " + a.iamName() + ", which no pattern of it calls");
        }
      }
    }
    return out;
  }

  @ParameterizedTest
  @MethodSource("domains")
  void noRoute_shouldBeGrantedAReadItsPatternsDoNotMake(DevDomain domain) {
    assertEquals(List.of(), unusedReads(domain.domain()));
  }
}

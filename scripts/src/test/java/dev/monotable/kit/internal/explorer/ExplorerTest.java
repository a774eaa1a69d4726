package dev.monotable.kit.internal.explorer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.data.CursorCodec;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.local.LocalPages;
import dev.monotable.kit.ops.BackfillRules;
import dev.monotable.kit.ops.CounterCheck;
import dev.monotable.kit.ops.OpsDomain;
import dev.monotable.kit.ops.ReadPattern;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.kit.tools.DevDomain;
import dev.monotable.kit.tools.DevDomains;
import dev.monotable.testing.LocalDynamoDb;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The explorer's refusals without a browser: input that would need a Scan, or that is malformed,
 * answers 4xx and sends nothing (the explorer's request count stays put); the local pages'
 * prefixes are never a domain's route.
 */
class ExplorerTest {

  private static Explorer explorer() {
    Map<String, OpsDomain> domains = new LinkedHashMap<>();
    for (DevDomain d : DevDomains.all()) {
      domains.put(d.id(), d.ops());
    }
    return new Explorer(domains, DevDomains.all().get(0).id(), LocalDynamoDb.endpoint(), "us-east-1",
        "monotable-explorer-refusals", new CursorCodec("explorer-test-cursor-secret-0123456789".getBytes(
            StandardCharsets.UTF_8)));
  }

  @Test
  void run_shouldRefuseAWrite_andMalformedParameters_beforeAnyRequest() {
    // A Scan pattern cannot be declared at all: kit.catalog.Operation has no Scan.
    try (Explorer explorer = explorer()) {
      for (DevDomain d : DevDomains.all()) {
        // Each domain's first read pattern with its sample, broken one way at a time.
        ReadPattern first = d.ops().readPatterns().get(0);
        String name = first.ap().name();
        List<String> sample = first.sample().params();
        assertRefused(explorer, d.id(), name, List.of(), 400, first.params().isEmpty() ? null : first.params().get(0));
        if (!sample.isEmpty()) {
          List<String> hashed = new ArrayList<>(sample);
          hashed.set(0, sample.get(0) + "#x");
          assertRefused(explorer, d.id(), name, hashed, 400, first.params().get(0));
          List<String> blank = new ArrayList<>(sample);
          blank.set(0, " ");
          assertRefused(explorer, d.id(), name, blank, 400, first.params().get(0));
        }
        assertRefused(explorer, d.id(), "AP-NONE", sample, 400, "ap");
      }
      assertEquals(0, explorer.requests(), "no request reached the table");
    }
  }

  @Test
  void query_shouldRefuseAMissingPartitionKey_anUnknownIndex_andAForeignCursor_beforeAnyRequest() {
    try (Explorer explorer = explorer()) {
      String id = DevDomains.all().get(0).id();
      Explorer.Refused noPk = assertThrows(Explorer.Refused.class,
          () -> explorer.query(id, null, "table", " ", null, null, null, false, null, null));
      assertEquals("would_scan", error(noPk).get("code"));
      assertEquals("pk", error(noPk).get("field"));
      Explorer.Refused index = assertThrows(Explorer.Refused.class,
          () -> explorer.query(id, null, "GSI9", "X", null, null, null, false, null, null));
      assertEquals("index", error(index).get("field"));
      Explorer.Refused op = assertThrows(Explorer.Refused.class,
          () -> explorer.query(id, null, "table", "X", "contains", "a", null, false, null, null));
      assertEquals("op", error(op).get("field"));
      Explorer.Refused cursor = assertThrows(Explorer.Refused.class,
          () -> explorer.query(id, null, "table", "X", null, null, null, false, null, "not-a-cursor"));
      assertEquals("cursor", error(cursor).get("field"));
      Explorer.Refused limit = assertThrows(Explorer.Refused.class,
          () -> explorer.query(id, null, "table", "X", null, null, null, false, "0", null));
      assertEquals("limit", error(limit).get("field"));
      assertEquals(0, explorer.requests());
    }
  }

  @Test
  void addView_shouldGiveThePageATabThatReadsTheOtherPagesPath() {
    try (Explorer explorer = explorer()) {
      explorer.addView(new Explorer.View("Metrics", "/_local/metrics/patterns"));
      assertEquals(List.of(Map.of("title", "Metrics", "path", "/_local/metrics/patterns")),
          explorer.domains().get("views"));
    }
  }

  @Test
  void cursor_shouldRoundTripAKey() {
    Map<String, AttributeValue> key = Map.of("PK", AttributeValue.fromS("A#1"), "SK", AttributeValue.fromS("B"),
        "GSI1SK", AttributeValue.fromN("12345678901234567890.5"));
    assertEquals(key, Explorer.decodeCursor(Explorer.encodeCursor(key)));
  }

  @Test
  void localPagePrefixes_shouldNeverBeADomainsRoute() {
    assertTrue(LocalPages.reserved("/explorer"));
    assertTrue(LocalPages.reserved("/explorer/explorer.js"));
    assertTrue(LocalPages.reserved("/_local/explorer/run"));
    assertFalse(LocalPages.reserved("/explorers"));
    assertFalse(LocalPages.reserved("/repos/a/b"));
    for (DevDomain d : DevDomains.all()) {
      for (Endpoint e : d.domain().endpoints()) {
        assertFalse(LocalPages.reserved(e.path()), e.routeKey());
      }
    }
  }

  private static void assertRefused(Explorer explorer, String domain, String ap, List<String> params, int status,
      String field) {
    Explorer.Refused r = assertThrows(Explorer.Refused.class,
        () -> explorer.run(domain, null, ap, params, null, null, null), domain + " " + ap + " " + params);
    assertEquals(status, r.status(), r.getMessage());
    assertEquals(field, error(r).get("field"), r.getMessage());
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> error(Explorer.Refused r) {
    return (Map<String, Object>) r.body().get("error");
  }
}

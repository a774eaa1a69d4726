package dev.monotable.shop.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.data.CursorCodec;
import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.ops.OpsDomain;
import dev.monotable.kit.ops.ReadPattern;
import dev.monotable.kit.ops.RequestCounter;
import dev.monotable.kit.ops.SeedTool;
import dev.monotable.kit.ops.ValidateTool;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.shop.data.SearchTokens;
import dev.monotable.shop.keys.ShopKeys;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.DynamoDbLimitGuard;
import dev.monotable.testing.LocalDynamoDb;
import dev.monotable.testing.TestTable;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Shop's scale data ({@code seed --scale N}): exactly N items the data-access layer would write,
 * true to the charts, and every read pattern of a scale key answers with items in one request.
 */
class ShopScaleDataTest {

  private static final ShopDev DEV = new ShopDev();

  private static List<Map<String, AttributeValue>> items(long seed, int n) {
    List<Map<String, AttributeValue>> out = new ArrayList<>();
    ShopScaleData.generate(seed, n, out::add);
    return out;
  }

  @Test
  void generate_shouldGiveExactlyNDistinctItems_theSameForTheSameSeedAndSize() {
    for (int n : new int[] {6, 7, 11, 12, 13, 350, 1_000, 1_001, 1_002, 1_003, 1_004, 1_005}) {
      List<Map<String, AttributeValue>> items = items(3, n);
      assertEquals(n, items.size(), "size " + n);
      Set<String> keys = new HashSet<>();
      items.forEach(i -> assertTrue(keys.add(i.get(TableSchema.PK).s() + "|" + i.get(TableSchema.SK).s()), "" + i));
    }
    assertEquals(items(3, 500), items(3, 500));
    assertNotEquals(items(3, 500), items(4, 500), "another seed, another dataset");
    assertThrows(IllegalArgumentException.class, () -> items(3, 5));
  }

  @Test
  void generate_shouldCountEachCategoryExactly_andIndexEveryTokenOfEveryProduct() {
    List<Map<String, AttributeValue>> items = items(1, 1_003);
    Map<String, Long> products = new HashMap<>();
    Map<String, Set<String>> tokensOf = new HashMap<>();
    Map<String, Set<String>> indexed = new HashMap<>();
    Map<String, Long> counted = new HashMap<>();
    int customers = 0;
    for (Map<String, AttributeValue> i : items) {
      switch (i.get(TableSchema.TYPE).s()) {
        case "Product" -> {
          products.merge(i.get("Category").s(), 1L, Long::sum);
          tokensOf.put(i.get("ProductId").s(), new HashSet<>(SearchTokens.ofProduct(i.get("Name").s(), null)));
        }
        case "ProductToken" -> indexed.computeIfAbsent(i.get("ProductId").s(), k -> new HashSet<>())
            .add(i.get("Token").s());
        case "Category" -> counted.put(i.get("Category").s(), Long.parseLong(i.get("ProductCount").n()));
        case "Customer" -> {
          customers++;
          assertEquals("CUSTOMERS#" + ShopKeys.customerShard(i.get("Username").s()), i.get("GSI2PK").s());
          assertEquals("CUSTOMER#" + i.get("Username").s(), i.get("GSI2SK").s());
        }
        default -> { }
      }
    }
    assertEquals(products, counted, "each category's ProductCount is its products");
    assertEquals(tokensOf, indexed, "each product is listed under exactly its name's tokens");
    int total = products.values().stream().mapToInt(Long::intValue).sum();
    assertEquals((total + 99) / 100, customers, "one customer per 100 products");
  }

  @Test
  void seedScale_shouldBeTrueToTheCharts_andAnswerEveryReadPatternOfAScaleKey_inOneRequest() {
    String name = "monotable-test-scale-shop-" + UUID.randomUUID().toString().substring(0, 8);
    long seed = 5;
    RequestCounter counter = new RequestCounter();
    try (DynamoDbClient admin = DynamoDbExtension.newClient();
        DynamoDbStreamsClient streams = DynamoDbClients.streams(LocalDynamoDb.endpoint(), DynamoDbExtension.region());
        DynamoDbClient counted = DynamoDbClients.create(LocalDynamoDb.endpoint(), DynamoDbExtension.region(),
            new DynamoDbLimitGuard(), counter)) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      DynamoDbLimitGuard.allowScan(true); // seed and validate are operator tools: they scan
      try {
        // GIVEN the demo data and 2,000 scale items, as scripts/seed --domain shop --scale 2000 --seed 5
        int exit = SeedTool.run(DEV.local(), DEV.ops(), admin, streams, name,
            new PrintStream(out, true, StandardCharsets.UTF_8), SeedTool.parse("--scale", "2000", "--seed", "5"));
        assertEquals(0, exit, out.toString(StandardCharsets.UTF_8));
        // THEN every item is true to its entity's chart
        ValidateTool.Report report = ValidateTool.validate(DEV.ops(), admin, name,
            new ValidateTool.Options(false, 2, 10, 0));
        assertEquals(0, report.violations(), report.toString());
        assertTrue(report.scanned() > 2_000, "the demo data and the scale items: " + report.scanned());
      } finally {
        DynamoDbLimitGuard.allowScan(false);
      }
      // AND each read pattern of a scale key answers with items, in one request
      TableGateway table = new TableGateway(counted, name, new CursorCodec(TestTable.CURSOR_SECRET),
          Clock.systemUTC());
      String customer = ShopScaleData.customer(seed, 3);
      String token = ShopScaleData.name(7).split(" ")[1];
      Map<String, List<String>> params = Map.of(
          "S02", List.of(customer),
          "S03", List.of(customer + "@example.com"),
          "S05", List.of(ShopScaleData.product(seed, 250)),
          "S06", List.of(ShopScaleData.category(seed, 250)),
          "S14", List.of(Integer.toString(ShopKeys.customerShard(customer))),
          "S15", List.of(),
          "S16", List.of(token));
      OpsDomain ops = DEV.ops();
      for (ReadPattern read : ops.readPatterns()) {
        List<String> p = params.get(read.ap().name());
        if (p == null) {
          continue; // orders, carts, reviews and sales: the scale data has none
        }
        counter.reset();
        List<Map<String, AttributeValue>> answered = read.run(table, null, p, PageRequest.first(20)).items();
        assertFalse(answered.isEmpty(), read.ap().name() + " " + p + " answered nothing");
        assertEquals(1, counter.calls().size(), read.ap().name() + ": " + counter.calls());
      }
      // S06 lists the category's products newest first; S16 lists the token's products
      counter.reset();
      var s06 = ops.readPatterns().stream().filter(r -> r.ap().name().equals("S06")).findFirst().orElseThrow()
          .run(table, null, List.of(ShopScaleData.category(seed, 0)), PageRequest.first(100)).items();
      assertTrue(s06.stream().allMatch(i -> i.get("Category").s().equals(ShopScaleData.category(seed, 0))));
    } finally {
      try (DynamoDbClient admin = DynamoDbExtension.newClient()) {
        admin.deleteTable(DeleteTableRequest.builder().tableName(name).build());
      }
    }
  }
}

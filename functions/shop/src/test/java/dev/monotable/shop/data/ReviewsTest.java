package dev.monotable.shop.data;

import static dev.monotable.testing.ExpectedItems.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.keys.Key;
import dev.monotable.shop.Shop;
import dev.monotable.shop.ShopPattern;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TableOf;
import dev.monotable.testing.TestTable;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Reviews against the local engine: the exact items S17 writes, one per customer, S18's one Query newest first. */
@ExtendWith(DynamoDbExtension.class)
@TableOf(Shop.class)
class ReviewsTest {
  private static final String T0 = "2090-01-02T03:04:05.678Z";

  private final TestTable table;
  private final MutableClock clock = MutableClock.at(T0);
  private final Reviews reviews;
  private final Products products;

  ReviewsTest(TestTable table) {
    this.table = table;
    this.reviews = new Reviews(table.gateway(clock));
    this.products = new Products(table.gateway(clock));
    dev.monotable.shop.TestCustomers.ensure(table.gateway(clock), "ann", "bob", "cy");
  }

  @Test
  void create_byACallerWithoutACustomerProfile_shouldBe404NamingIt_andWriteNothing() {
    // The orphan defect: a review by a caller who never created a profile was written.
    String p = (String) products.create("books", "Emma", null, 999, 5).get("product");

    NotFoundException refused = assertThrows(NotFoundException.class, () -> reviews.create(p, "nobody", 5, "hi"));

    assertEquals("customer not found", refused.getMessage());
    assertEquals(List.of(), table.itemsOfType("Review").stream().filter(r -> r.get("ProductId").s().equals(p))
        .toList());
    assertTrue(table.item(new Key("PRODUCT#" + p, "REVIEWER#nobody")).isEmpty());
  }

  @Test
  void create_shouldWriteTheReviewAndTheClaim_exactly_andRefuseASecond() {
    String p = (String) products.create("books", "Dune", null, 1299, 5).get("product");
    String id = (String) reviews.create(p, "ann", 4, "Sandy").get("review");

    assertEquals(item("PK", "PRODUCT#" + p, "SK", "REVIEW#" + id, "Type", "Review", "ReviewId", id, "ProductId", p,
        "Username", "ann", "Rating", 4, "Text", "Sandy", "CreatedAt", T0, "UpdatedAt", T0, "SchemaVersion", 1),
        table.item(new Key("PRODUCT#" + p, "REVIEW#" + id)).orElseThrow());
    assertEquals(item("PK", "PRODUCT#" + p, "SK", "REVIEWER#ann", "Type", "ReviewClaim", "ProductId", p,
        "Username", "ann", "ReviewId", id, "CreatedAt", T0, "UpdatedAt", T0, "SchemaVersion", 1),
        table.item(new Key("PRODUCT#" + p, "REVIEWER#ann")).orElseThrow());

    assertEquals("review", assertThrows(ConflictException.class, () -> reviews.create(p, "ann", 1, "again"))
        .conflict());
    assertEquals(1, table.itemsOfType("Review").size(), "the second review wrote nothing");
    assertThrows(NotFoundException.class, () -> reviews.create("01ARZ3NDEKTSV4RRFFQ69G5FAV", "bob", 3, null));
    assertEquals("product", assertThrows(ValidationException.class, () -> reviews.create("x#y", "bob", 3, null))
        .field());
    assertEquals("username", assertThrows(ValidationException.class, () -> reviews.create(p, "Bob#1", 3, null))
        .field());
    assertEquals(List.of(1, 1), List.of(table.itemsOfType("Review").size(), table.itemsOfType("ReviewClaim").size()));
  }

  @Test
  void aProductsReviews_shouldListNewestFirst_inPages_withoutItsOtherItems() {
    String p = (String) products.create("books", "Dune", null, 1299, 5).get("product");
    String first = (String) reviews.create(p, "ann", 4, null).get("review");
    clock.advance(Duration.ofSeconds(1));
    String second = (String) reviews.create(p, "bob", 5, null).get("review");
    clock.advance(Duration.ofSeconds(1));
    String third = (String) reviews.create(p, "cy", 2, null).get("review");

    Page<Map<String, AttributeValue>> page = table.gateway(clock).query(
        ShopPattern.S18.queryFor(Map.of("product", p)), PageRequest.first(2), "S18");
    assertEquals(List.of(third, second), ids(page));
    Page<Map<String, AttributeValue>> rest = table.gateway(clock).query(
        ShopPattern.S18.queryFor(Map.of("product", p)), new PageRequest(2, page.nextCursor()), "S18");
    assertEquals(List.of(first), ids(rest));
    assertNull(rest.nextCursor());
  }

  private static List<String> ids(Page<Map<String, AttributeValue>> page) {
    return page.items().stream().map(i -> i.get("ReviewId").s()).toList();
  }
}

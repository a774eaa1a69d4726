package dev.monotable.shop.data;

import dev.monotable.kit.data.CountOnce;
import dev.monotable.kit.data.StreamEffect;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.keys.Ulid;
import dev.monotable.shop.ShopPattern;
import dev.monotable.shop.model.Product;
import dev.monotable.shop.model.Review;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The data access of reviews (S17) and of the ratings ST1 keeps on the products. */
public final class Reviews {

  private final TableGateway table;
  private final CountOnce counts;

  public Reviews(TableGateway table) {
    this.table = table;
    this.counts = new CountOnce(table);
  }

  /**
   * S17: one TransactWriteItems ({@link ShopPattern#S17}'s declaration): a ConditionCheck of the
   * product and of the reviewer's customer profile ({@code attribute_exists(PK)} each), the Put of
   * the customer's claim on the product ({@code attribute_not_exists(PK)}) and the Put of the review,
   * its id a ULID of now, so the product's reviews list newest first (S18).
   *
   * @throws NotFoundException {@code product}; {@code customer}: the caller has no customer profile
   * @throws ConflictException {@code review}: the customer has reviewed the product already
   */
  public Map<String, Object> create(String product, String username, long rating, String text) {
    Instant now = table.clock().instant();
    return create(Ulid.next(now), product, username, rating, text, Timestamps.format(now));
  }

  /** S17 with the review's id and time given (the demo data's reviews are the same on every start). */
  public Map<String, Object> create(String review, String product, String username, long rating, String text,
      String createdAt) {
    Map<String, Object> values = new HashMap<>();
    values.put("review", review);
    values.put("product", product);
    values.put("username", username);
    values.put("rating", rating);
    values.put("text", text);
    values.put("createdAt", createdAt);
    ShopPattern.S17.writes().commit(table, values);
    return Review.ENTITY.values(Review.ENTITY.toItem(values));
  }

  /** A review's share of its product's rating: the stream record that inserted it and its rating. */
  public record Rated(String recordId, String product, String review, long rating) {}

  /**
   * ST1: counts reviews of one product into its {@code RatingCount} and {@code RatingTotal}, each
   * record once ({@link CountOnce#countAll}): per 99 reviews one TransactWriteItems of a receipt Put
   * per record ({@code PRODUCT#{product}} / {@code RATED#{record}}, {@code attribute_not_exists(PK)})
   * and one Update of the product, {@code ADD} of the sums, on the product existing. A redelivered
   * record finds its receipt: the transaction goes again without it.
   *
   * @return each review's effect, in order: APPLIED, ALREADY_APPLIED, or IGNORED (the product is gone)
   */
  public List<StreamEffect> countRatings(String product, List<Rated> reviews) {
    Instant now = table.clock().instant();
    String at = Timestamps.format(now);
    long expires = Timestamps.epochSeconds(now) + Review.RECEIPT_KEEP_SECONDS;
    List<CountOnce.Change> changes = new ArrayList<>(reviews.size());
    for (Rated r : reviews) {
      if (!r.product().equals(product)) {
        throw new IllegalArgumentException("review " + r.review() + " rates product " + r.product());
      }
      Map<String, Long> deltas = new LinkedHashMap<>();
      deltas.put("RatingCount", 1L);
      deltas.put("RatingTotal", r.rating());
      changes.add(new CountOnce.Change(Review.RECEIPT.toItem(Map.of("product", product, "record", r.recordId(),
          "review", r.review(), "ttl", expires, "createdAt", at)), deltas));
    }
    return counts.countAll(CountOnce.Counter.at(Product.ENTITY.key(Map.of("product", product))).mustExist(),
        changes);
  }
}

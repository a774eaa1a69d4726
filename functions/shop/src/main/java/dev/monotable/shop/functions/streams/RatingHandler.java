package dev.monotable.shop.functions.streams;

import dev.monotable.kit.stream.ChangeRecord;
import dev.monotable.kit.stream.StreamHandler;
import dev.monotable.shop.data.Reviews;
import dev.monotable.shop.data.Reviews.Rated;
import dev.monotable.shop.functions.ShopServices;
import dev.monotable.shop.model.Review;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * ST1: each new review counted into its product's {@code RatingCount} and {@code RatingTotal},
 * once: per product and batch one transaction of a receipt per record and one ADD of the sums
 * ({@link Reviews#countRatings}). A redelivered record finds its receipt and is not counted again;
 * the sums commute, so the order records are applied in does not matter. A product whose
 * transaction fails reports its earliest record.
 */
public final class RatingHandler extends StreamHandler<ShopServices> {

  public RatingHandler() {
    this(ShopServices.fromEnvironment());
  }

  public RatingHandler(ShopServices services) {
    super(services);
  }

  @Override
  protected void applyBatch(Batch batch) {
    Map<Object, List<ChangeRecord>> byProduct = batch.groupBy(RatingHandler::productOf);
    for (List<ChangeRecord> group : byProduct.values()) {
      batch.applyEach(group, records -> {
        List<Rated> rated = new ArrayList<>(records.size());
        for (ChangeRecord r : records) {
          rated.add(rated(r));
        }
        return services.reviews().countRatings(rated.get(0).product(), rated);
      });
    }
  }

  /** The record's product; the record itself when it cannot be read (a group of its own, which fails). */
  private static Object productOf(ChangeRecord r) {
    try {
      return rated(r).product();
    } catch (RuntimeException unreadable) {
      return r;
    }
  }

  private static Rated rated(ChangeRecord r) {
    Map<String, Object> v = Review.ENTITY.values(r.newImage());
    return new Rated(r.eventId(), (String) v.get("product"), (String) v.get("review"),
        ((Number) v.get("rating")).longValue());
  }
}

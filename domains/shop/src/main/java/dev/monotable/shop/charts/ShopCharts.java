package dev.monotable.shop.charts;

import dev.monotable.shop.Shop;
import dev.monotable.kit.entity.Entity;
import dev.monotable.shop.model.Cart;
import dev.monotable.shop.model.Customer;
import dev.monotable.shop.model.Product;
import dev.monotable.kit.charts.ChartTypes.Chart;
import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.charts.ModelValidator;
import dev.monotable.kit.schema.TableSchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** Shop's entity charts: the docs print them, the validator holds every item to them. */
public final class ShopCharts implements EntityModel {

  /** Every entity of Shop, for the key-segment rules. */
  private static final List<Entity> ENTITIES = List.of(Customer.ENTITY, Customer.EMAIL_CLAIM, Product.ENTITY, Cart.ENTITY);

  private static final List<Chart> CHARTS = List.of(
      Chart.of(Customer.ENTITY, Customer.class, List.of("one item per customer, in the customer's partition")),
      Chart.of(Customer.EMAIL_CLAIM, Customer.class,
          List.of("keeps an e-mail address to one customer; written with the customer")),
      Chart.of(Product.ENTITY, Product.class, List.of("one item per product; in its category's GSI1 partition, "
          + "newest first by its ULID")),
      Chart.of(Cart.ENTITY, Cart.class, List.of("one item per customer; TTL seven days after its last change; "
          + "read as empty once expired")));

  public static final ShopCharts MODEL = new ShopCharts();
  public static final ModelValidator VALIDATOR = new ModelValidator(MODEL);

  private ShopCharts() {}

  @Override
  public TableSchema schema() {
    return Shop.SCHEMA;
  }

  @Override
  public List<Chart> charts() {
    return CHARTS;
  }

  @Override
  public Map<String, Predicate<String>> segmentRules() {
    Map<String, Predicate<String>> rules = new LinkedHashMap<>(ModelValidator.standardSegmentRules());
    for (Entity e : ENTITIES) {
      rules.putAll(e.segmentRules());
    }
    return rules;
  }
}

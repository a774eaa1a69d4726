package dev.monotable.shop.data;

import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.data.TableGateway.QuerySpec;
import dev.monotable.kit.data.WriteTransaction;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.shop.ShopPattern;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.keys.Ulid;
import dev.monotable.shop.model.Product;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The data access of the catalog: one method per custom pattern, each one request. */
public final class Products {

  private final TableGateway table;

  public Products(TableGateway table) {
    this.table = table;
  }

  /**
   * S04: one TransactWriteItems ({@link #create(Map)}): a new product, its id a ULID of now, so it
   * sorts before every earlier product of its category when listed newest first.
   */
  public Map<String, Object> create(String category, String name, String description, long priceCents, long stock) {
    Instant now = table.clock().instant();
    Map<String, Object> values = new HashMap<>();
    values.put("product", Ulid.next(now));
    values.put("category", category);
    values.put("name", name);
    values.put("description", description);
    values.put("priceCents", priceCents);
    values.put("stock", stock);
    values.put("createdAt", Timestamps.format(now));
    return create(values);
  }

  /**
   * S04 for these values (the demo and bench data name their products' ids): one TransactWriteItems
   * of the product ({@code attribute_not_exists(PK)}), the Update of its category's item (S15:
   * {@code ADD ProductCount 1}, created on the first product) and a Put of one search token item
   * per token of its name and description (S16, at most {@value SearchTokens#MAX_PER_PRODUCT}).
   * The id is new to this call, so a refused product Put can only be this call's own transaction
   * retried by the SDK after its answer was lost: the product exists as written (and was counted
   * once), and is answered.
   */
  public Map<String, Object> create(Map<String, Object> values) {
    var item = Product.ENTITY.toItem(values);
    Map<String, Object> product = Product.ENTITY.values(item);
    String now = item.get(TableSchema.CREATED_AT).s();
    WriteTransaction tx = new WriteTransaction(table);
    int put = tx.putIfAbsent(item);
    tx.update(Product.CATEGORY.key(values), "SET #type = :type, #category = :category, "
            + "#created = if_not_exists(#created, :now), #updated = :now, #schema = :schema ADD #count :one", null,
        Map.of("#type", TableSchema.TYPE, "#category", "Category", "#created", TableSchema.CREATED_AT,
            "#updated", TableSchema.UPDATED_AT, "#schema", TableSchema.SCHEMA_VERSION, "#count", "ProductCount"),
        Map.of(":type", AttributeValue.fromS(Product.CATEGORY.type()),
            ":category", AttributeValue.fromS((String) values.get("category")), ":now", AttributeValue.fromS(now),
            ":schema", AttributeValue.fromN(Integer.toString(Items.SCHEMA_VERSION)), ":one", AttributeValue.fromN("1")));
    List<String> tokens = SearchTokens.ofProduct((String) values.get("name"), (String) values.get("description"));
    for (String token : tokens) {
      tx.put(Product.TOKEN.toItem(Map.of("token", token, "product", product.get("product"),
          "category", product.get("category"), "name", product.get("name"), "priceCents", product.get("priceCents"),
          "tokens", AttributeValue.fromSs(tokens), "createdAt", now)), null, Map.of(), Map.of());
    }
    // Not a conflict with another writer: no other call holds this id.
    return tx.commit(product, f -> f.failed(put) ? product : null);
  }

  /**
   * S16: one page of the products whose name or description holds every word of {@code q}: one
   * Query of the leading word's partition ({@link SearchTokens#leading}), {@code PK = TOKEN#{token}},
   * newest first, filtered on {@code contains(Tokens, :word)} for each other word. DynamoDB reads
   * (and bills) {@code limit} items of the leading word before the filter, so a page of several
   * words may be short; its cursor goes on.
   *
   * @throws ValidationException {@code q} has no searchable word or too many; a malformed cursor
   */
  public Page<Map<String, Object>> search(String q, PageRequest page) {
    List<String> tokens = SearchTokens.ofSearch(q);
    String leading = SearchTokens.leading(tokens);
    QuerySpec spec = ShopPattern.S16.queryFor(Map.of("token", leading));
    List<String> others = tokens.stream().filter(t -> !t.equals(leading)).sorted().toList();
    if (!others.isEmpty()) {
      Map<String, AttributeValue> words = new LinkedHashMap<>();
      List<String> terms = new ArrayList<>();
      for (int i = 0; i < others.size(); i++) {
        words.put(":w" + i, AttributeValue.fromS(others.get(i)));
        terms.add("contains(#tokens, :w" + i + ")");
      }
      spec = spec.filter(String.join(" AND ", terms), Map.of("#tokens", "Tokens"), words);
    }
    // The cursor is bound to every word: a page of "red" does not continue a search of "red shoe".
    return table.query(spec, page, "S16 " + leading + " " + String.join(" ", others)).map(i -> {
      Map<String, Object> v = Product.TOKEN.values(i);
      Map<String, Object> result = new LinkedHashMap<>();
      for (String field : List.of("product", "category", "name", "priceCents")) {
        result.put(field, v.get(field));
      }
      return result;
    });
  }
}

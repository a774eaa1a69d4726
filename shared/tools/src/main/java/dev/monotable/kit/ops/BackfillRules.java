package dev.monotable.kit.ops;

import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.schema.TableSchema;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * How {@code scripts/backfill} rewrites a domain's items: each entity Type's round trip through
 * its model record (the item as today's code writes it), and the copies an item carries of
 * another item that the rewrite may fill in. The scan, the selection by {@code SchemaVersion},
 * the chart checks and the conditional writes are the kit's ({@link BackfillTool}).
 */
public interface BackfillRules {

  /**
   * The rules of a domain whose items are each one declared {@link Entity} and copy nothing from
   * another: an item is rewritten as its entity writes it today ({@code toItem} of its values).
   */
  static BackfillRules of(Entity... entities) {
    Map<String, Entity> byType = new LinkedHashMap<>();
    for (Entity e : entities) {
      byType.put(e.type(), e);
    }
    return new BackfillRules() {
      @Override
      public Set<String> types() {
        return Set.copyOf(byType.keySet());
      }

      @Override
      public Optional<Map<String, AttributeValue>> remap(Map<String, AttributeValue> item) {
        AttributeValue type = item.get(TableSchema.TYPE);
        Entity e = type == null ? null : byType.get(type.s());
        return e == null ? Optional.empty() : Optional.of(e.toItem(e.values(item)));
      }
    };
  }

  /** Types with a model record; {@code --type} accepts these. */
  Set<String> types();

  /**
   * The item rewritten by its model record, or empty when its {@code Type} is missing or unknown.
   *
   * @throws RuntimeException from the record when the item cannot be read (a bad segment, say)
   */
  Optional<Map<String, AttributeValue>> remap(Map<String, AttributeValue> item);

  /** The copy-filling of one run over this table; none unless the domain denormalises. */
  default Copies copies(DynamoDbClient client, String table) {
    return Copies.NONE;
  }

  /**
   * Attributes an item copies from another item (a parent's visibility, say), filled from one read
   * of that item per run: an item of a type that carries copies is selected at the current
   * version too when it breaks its chart (the model moved under it without a new SchemaVersion).
   */
  interface Copies {
    /** No item carries copies. */
    Copies NONE = new Copies() {
      @Override
      public boolean carries(Map<String, AttributeValue> item) {
        return false;
      }

      @Override
      public Map<String, AttributeValue> fill(Map<String, AttributeValue> item) {
        return item;
      }
    };

    /** The item's type carries copies. */
    boolean carries(Map<String, AttributeValue> item);

    /**
     * The item with its missing copies filled; the item itself when it needs none.
     *
     * @throws IllegalStateException when the item copied from cannot be found (the reason is reported)
     */
    Map<String, AttributeValue> fill(Map<String, AttributeValue> item);
  }
}

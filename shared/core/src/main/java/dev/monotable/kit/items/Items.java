package dev.monotable.kit.items;

import dev.monotable.kit.keys.Key;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Small helpers to write and read item attribute maps without reflection. */
public final class Items {

  /** Every item carries this; bump it when an entity's stored shape changes (see scripts/backfill). */
  public static final int SCHEMA_VERSION = 1;

  private Items() {}

  public static Builder builder(String type, Key key) {
    return new Builder().s(TableSchema.TYPE, type).key(key);
  }

  /** Mutable item builder that skips null values, so optional attributes stay absent (sparse). */
  public static final class Builder {
    private final Map<String, AttributeValue> item = new LinkedHashMap<>();

    public Builder key(Key key) {
      item.put(TableSchema.PK, AttributeValue.fromS(key.pk()));
      item.put(TableSchema.SK, AttributeValue.fromS(key.sk()));
      return this;
    }

    public Builder gsi(Gsi gsi, Key key) {
      if (key != null) {
        item.put(gsi.pk(), AttributeValue.fromS(key.pk()));
        item.put(gsi.sk(), AttributeValue.fromS(key.sk()));
      }
      return this;
    }

    public Builder s(String name, String value) {
      if (value != null) {
        item.put(name, AttributeValue.fromS(value));
      }
      return this;
    }

    public Builder n(String name, long value) {
      item.put(name, AttributeValue.fromN(Long.toString(value)));
      return this;
    }

    public Builder bool(String name, boolean value) {
      item.put(name, AttributeValue.fromBool(value));
      return this;
    }

    public Builder counts(String name, Map<String, Long> counts) {
      Map<String, AttributeValue> m = new LinkedHashMap<>();
      counts.forEach((k, v) -> m.put(k, AttributeValue.fromN(Long.toString(v))));
      item.put(name, AttributeValue.fromM(m));
      return this;
    }

    /** CreatedAt, UpdatedAt and SchemaVersion: present on every item. */
    public Builder audit(String createdAt, String updatedAt) {
      s(TableSchema.CREATED_AT, createdAt);
      s(TableSchema.UPDATED_AT, updatedAt);
      return n(TableSchema.SCHEMA_VERSION, SCHEMA_VERSION);
    }

    public Map<String, AttributeValue> build() {
      return Map.copyOf(item);
    }
  }

  public static String s(Map<String, AttributeValue> item, String name) {
    AttributeValue v = item.get(name);
    return v == null ? null : v.s();
  }

  public static long n(Map<String, AttributeValue> item, String name) {
    AttributeValue v = item.get(name);
    return v == null || v.n() == null ? 0L : Long.parseLong(v.n());
  }

  public static boolean bool(Map<String, AttributeValue> item, String name) {
    AttributeValue v = item.get(name);
    return v != null && Boolean.TRUE.equals(v.bool());
  }

  /** A map of counters such as {@code Reactions}; absent entries are zero. */
  public static Map<String, Long> counts(Map<String, AttributeValue> item, String name) {
    Map<String, Long> out = new LinkedHashMap<>();
    AttributeValue v = item.get(name);
    if (v != null && v.hasM()) {
      v.m().forEach((k, n) -> out.put(k, Long.parseLong(n.n())));
    }
    return out;
  }

  public static String type(Map<String, AttributeValue> item) {
    return s(item, TableSchema.TYPE);
  }

  /** Throws when an item of another type is mapped, a cheap guard against overloaded keys. */
  public static void requireType(Map<String, AttributeValue> item, String type) {
    if (!type.equals(type(item))) {
      throw new IllegalArgumentException("expected Type " + type + " but was " + type(item));
    }
  }
}

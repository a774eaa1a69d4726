package dev.monotable.kit.migrate;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.DynamoAction;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The tables of the design a domain migrates from, declared once: each table's key and indexes (every key
 * attribute a string, every index projecting ALL), and for each of the domain's read patterns that can be
 * switched to the old design ({@link ReadSwitch}) the one call its old side makes. The local tools create the
 * tables from it ({@link #createTableRequests}), infra declares them and grants a route exactly its patterns'
 * old calls while the stage reads them ({@code shared/cdk DomainStack}), and the routes name their requests from
 * it. A table's name is {@code <prefix>-<name>}. Makes no DynamoDB call.
 *
 * @param tables the old tables, in declaration order
 * @param reads each switchable pattern's old call, by pattern name
 */
public record OldDesign(List<Table> tables, Map<String, Read> reads) {

  /** An old table: its name after the prefix, its partition key attribute, its indexes. */
  public record Table(String name, String key, List<Index> indexes) {
    public Table {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(key, "key");
      indexes = List.copyOf(indexes);
    }

    /** Every key attribute of the table and its indexes, sorted. */
    public List<String> keyAttributes() {
      TreeSet<String> attributes = new TreeSet<>(List.of(key));
      indexes.forEach(i -> {
        attributes.add(i.partitionKey());
        attributes.add(i.sortKey());
      });
      return List.copyOf(attributes);
    }

    /** The index named {@code name}, or an exception. */
    public Index index(String indexName) {
      return indexes.stream().filter(i -> i.name().equals(indexName)).findFirst()
          .orElseThrow(() -> new IllegalArgumentException(name + " has no index " + indexName));
    }
  }

  /** A GSI of an old table, projecting ALL. */
  public record Index(String name, String partitionKey, String sortKey) {}

  /**
   * The one call a pattern's old side makes: {@code action} (GetItem or Query) on {@code table}, or on its
   * index {@code index} (null: the table itself).
   */
  public record Read(String table, String index, DynamoAction action) {
    public Read {
      if (action != DynamoAction.GET_ITEM && action != DynamoAction.QUERY) {
        throw new IllegalArgumentException("an old read is one GetItem or one Query, not " + action);
      }
      if (index != null && action != DynamoAction.QUERY) {
        throw new IllegalArgumentException("only a Query reads an index");
      }
    }

    /** One GetItem of {@code table}. */
    public static Read get(String table) {
      return new Read(table, null, DynamoAction.GET_ITEM);
    }

    /** One Query of {@code table}'s index {@code index}. */
    public static Read query(String table, String index) {
      return new Read(table, index, DynamoAction.QUERY);
    }
  }

  public OldDesign {
    tables = List.copyOf(tables);
    reads = Collections.unmodifiableMap(new LinkedHashMap<>(reads));
    for (Read r : reads.values()) {
      Table t = find(tables, r.table());
      if (r.index() != null) {
        t.index(r.index());
      }
    }
  }

  /** A design of {@code tables}, no read declared yet. */
  public static OldDesign of(Table... tables) {
    return new OldDesign(List.of(tables), Map.of());
  }

  /** This design with {@code pattern}'s old side making {@code read}. */
  public OldDesign reads(AccessPatternSpec pattern, Read read) {
    Map<String, Read> copy = new LinkedHashMap<>(reads);
    if (copy.put(pattern.name(), Objects.requireNonNull(read, "read")) != null) {
      throw new IllegalArgumentException(pattern.name() + "'s old read is declared twice");
    }
    return new OldDesign(tables, copy);
  }

  /** The table named {@code name} (after the prefix), or an exception. */
  public Table table(String name) {
    return find(tables, name);
  }

  private static Table find(List<Table> tables, String name) {
    return tables.stream().filter(t -> t.name().equals(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("the old design has no table " + name));
  }

  /** {@code <prefix>-<name>}. */
  public static String tableName(String prefix, String name) {
    return prefix + "-" + name;
  }

  /** The old read of {@code pattern}, or null when it has none (it cannot be switched). */
  public Read read(String pattern) {
    return reads.get(pattern);
  }

  /** The CreateTable requests of the tables named with {@code prefix}, on-demand. */
  public List<CreateTableRequest> createTableRequests(String prefix) {
    List<CreateTableRequest> out = new ArrayList<>();
    for (Table t : tables) {
      CreateTableRequest.Builder b = CreateTableRequest.builder().tableName(tableName(prefix, t.name()))
          .billingMode(BillingMode.PAY_PER_REQUEST)
          .keySchema(KeySchemaElement.builder().attributeName(t.key()).keyType(KeyType.HASH).build())
          .attributeDefinitions(t.keyAttributes().stream().map(a -> AttributeDefinition.builder().attributeName(a)
              .attributeType(ScalarAttributeType.S).build()).toList());
      if (!t.indexes().isEmpty()) {
        b.globalSecondaryIndexes(t.indexes().stream().map(i -> GlobalSecondaryIndex.builder().indexName(i.name())
            .keySchema(KeySchemaElement.builder().attributeName(i.partitionKey()).keyType(KeyType.HASH).build(),
                KeySchemaElement.builder().attributeName(i.sortKey()).keyType(KeyType.RANGE).build())
            .projection(Projection.builder().projectionType(ProjectionType.ALL).build()).build()).toList());
      }
      out.add(b.build());
    }
    return out;
  }
}

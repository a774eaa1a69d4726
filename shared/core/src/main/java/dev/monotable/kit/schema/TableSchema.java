package dev.monotable.kit.schema;

import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveSpecification;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveRequest;

/**
 * A domain's single table: the kit's generic key attributes ({@code PK}/{@code SK}, {@code GSIn PK/SK}),
 * the overloaded GSIs the domain declares with their purposes, the TTL attribute and the stream view
 * type. The CDK stack, the local runner and every test create the table from one instance, so they
 * cannot disagree.
 */
public final class TableSchema {

  public static final String PK = "PK";
  public static final String SK = "SK";
  public static final String TTL = "TTL";
  public static final String TYPE = "Type";
  public static final String CREATED_AT = "CreatedAt";
  public static final String UPDATED_AT = "UpdatedAt";
  public static final String SCHEMA_VERSION = "SchemaVersion";
  public static final String VERSION = "Version";
  /**
   * The token (the kit's {@code WriteTokens}) of the last single conditional write of an item, so
   * the SDK's retry of a write whose answer was lost knows the refusal it meets as its own write
   * applied (the old item carries its token).
   */
  public static final String WRITE_TOKEN = "WriteToken";

  /** Stream view the stream handlers rely on (old image for REMOVE, new image for INSERT). */
  public static final StreamViewType STREAM_VIEW_TYPE = StreamViewType.NEW_AND_OLD_IMAGES;

  /**
   * The overloaded global secondary index slots of the kit's table layout: generic names and key
   * attributes, every one projecting ALL (see a domain's relationship-decisions.md). A domain declares
   * which slots it uses and what for ({@link Index}); DynamoDB allows 20, six slots are enough for
   * the domains so far and one more is one more constant.
   */
  public enum Gsi {
    GSI1, GSI2, GSI3, GSI4, GSI5, GSI6;

    public String indexName() {
      return name();
    }

    public String pk() {
      return name() + "PK";
    }

    public String sk() {
      return name() + "SK";
    }

    public ProjectionType projection() {
      return ProjectionType.ALL;
    }
  }

  /** One index a domain uses: its slot and what it serves (printed in the entity charts). */
  public record Index(Gsi gsi, String purpose) {}

  private final List<Index> indexes;

  private TableSchema(List<Index> indexes) {
    this.indexes = List.copyOf(indexes);
    for (int i = 0; i < this.indexes.size(); i++) {
      if (this.indexes.get(i).gsi().ordinal() != i) {
        throw new IllegalArgumentException("indexes must use the slots GSI1, GSI2, ... in order: " + indexes);
      }
    }
  }

  /** A table with these indexes, slots in order from GSI1. */
  public static TableSchema of(Index... indexes) {
    return new TableSchema(List.of(indexes));
  }

  /** The indexes of this table, in slot order. */
  public List<Gsi> gsis() {
    return indexes.stream().map(Index::gsi).toList();
  }

  /** What an index of this table serves. */
  public String purpose(Gsi gsi) {
    return indexes.stream().filter(i -> i.gsi() == gsi).findFirst()
        .orElseThrow(() -> new IllegalArgumentException(gsi + " is not an index of this table")).purpose();
  }

  /** Every key attribute of the table and its indexes, all strings. */
  public List<String> keyAttributes() {
    List<String> names = new ArrayList<>(List.of(PK, SK));
    for (Gsi gsi : gsis()) {
      names.add(gsi.pk());
      names.add(gsi.sk());
    }
    return List.copyOf(names);
  }

  /** CreateTable request for local servers and tests: on-demand, stream NEW_AND_OLD_IMAGES. */
  public CreateTableRequest createTableRequest(String tableName) {
    List<AttributeDefinition> definitions = new ArrayList<>();
    for (String name : keyAttributes()) {
      definitions.add(AttributeDefinition.builder()
          .attributeName(name).attributeType(ScalarAttributeType.S).build());
    }
    List<GlobalSecondaryIndex> indexes = new ArrayList<>();
    for (Gsi gsi : gsis()) {
      indexes.add(GlobalSecondaryIndex.builder()
          .indexName(gsi.indexName())
          .keySchema(
              KeySchemaElement.builder().attributeName(gsi.pk()).keyType(KeyType.HASH).build(),
              KeySchemaElement.builder().attributeName(gsi.sk()).keyType(KeyType.RANGE).build())
          .projection(Projection.builder().projectionType(gsi.projection()).build())
          .build());
    }
    CreateTableRequest.Builder b = CreateTableRequest.builder()
        .tableName(tableName)
        .billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(definitions)
        .keySchema(
            KeySchemaElement.builder().attributeName(PK).keyType(KeyType.HASH).build(),
            KeySchemaElement.builder().attributeName(SK).keyType(KeyType.RANGE).build())
        .streamSpecification(StreamSpecification.builder()
            .streamEnabled(true).streamViewType(STREAM_VIEW_TYPE).build());
    return (indexes.isEmpty() ? b : b.globalSecondaryIndexes(indexes)).build();
  }

  /** UpdateTimeToLive request enabling expiry on {@link #TTL}. */
  public static UpdateTimeToLiveRequest enableTtlRequest(String tableName) {
    return UpdateTimeToLiveRequest.builder()
        .tableName(tableName)
        .timeToLiveSpecification(TimeToLiveSpecification.builder()
            .attributeName(TTL).enabled(true).build())
        .build();
  }
}

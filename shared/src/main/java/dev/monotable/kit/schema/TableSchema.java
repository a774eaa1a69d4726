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
 * The one definition of the Forge table: key attributes, the four overloaded GSIs, the TTL
 * attribute and the stream view type. The CDK stack, the local runner and every test create the
 * table from here, so they cannot disagree.
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

  /** Stream view the stream handlers rely on (old image for REMOVE, new image for INSERT). */
  public static final StreamViewType STREAM_VIEW_TYPE = StreamViewType.NEW_AND_OLD_IMAGES;

  /** Overloaded global secondary indexes; every one projects ALL (see docs/relationship-decisions.md). */
  public enum Gsi {
    GSI1("collections"),
    GSI2("forks"),
    GSI3("repositories of an account by last update"),
    GSI4("issue and pull request state");

    private final String purpose;

    Gsi(String purpose) {
      this.purpose = purpose;
    }

    public String indexName() {
      return name();
    }

    public String pk() {
      return name() + "PK";
    }

    public String sk() {
      return name() + "SK";
    }

    public String purpose() {
      return purpose;
    }

    public ProjectionType projection() {
      return ProjectionType.ALL;
    }
  }

  private TableSchema() {}

  /** Every key attribute of the table and its indexes, all strings. */
  public static List<String> keyAttributes() {
    List<String> names = new ArrayList<>(List.of(PK, SK));
    for (Gsi gsi : Gsi.values()) {
      names.add(gsi.pk());
      names.add(gsi.sk());
    }
    return List.copyOf(names);
  }

  /** CreateTable request for local servers and tests: on-demand, stream NEW_AND_OLD_IMAGES. */
  public static CreateTableRequest createTableRequest(String tableName) {
    List<AttributeDefinition> definitions = new ArrayList<>();
    for (String name : keyAttributes()) {
      definitions.add(AttributeDefinition.builder()
          .attributeName(name).attributeType(ScalarAttributeType.S).build());
    }
    List<GlobalSecondaryIndex> indexes = new ArrayList<>();
    for (Gsi gsi : Gsi.values()) {
      indexes.add(GlobalSecondaryIndex.builder()
          .indexName(gsi.indexName())
          .keySchema(
              KeySchemaElement.builder().attributeName(gsi.pk()).keyType(KeyType.HASH).build(),
              KeySchemaElement.builder().attributeName(gsi.sk()).keyType(KeyType.RANGE).build())
          .projection(Projection.builder().projectionType(gsi.projection()).build())
          .build());
    }
    return CreateTableRequest.builder()
        .tableName(tableName)
        .billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(definitions)
        .keySchema(
            KeySchemaElement.builder().attributeName(PK).keyType(KeyType.HASH).build(),
            KeySchemaElement.builder().attributeName(SK).keyType(KeyType.RANGE).build())
        .globalSecondaryIndexes(indexes)
        .streamSpecification(StreamSpecification.builder()
            .streamEnabled(true).streamViewType(STREAM_VIEW_TYPE).build())
        .build();
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

package dev.monotable.kit.cdk;

import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import software.amazon.awscdk.RemovalPolicy;
import software.amazon.awscdk.services.dynamodb.Attribute;
import software.amazon.awscdk.services.dynamodb.AttributeType;
import software.amazon.awscdk.services.dynamodb.Billing;
import software.amazon.awscdk.services.dynamodb.CfnGlobalTable;
import software.amazon.awscdk.services.dynamodb.ContributorInsightsSpecification;
import software.amazon.awscdk.services.dynamodb.GlobalSecondaryIndexPropsV2;
import software.amazon.awscdk.services.dynamodb.PointInTimeRecoverySpecification;
import software.amazon.awscdk.services.dynamodb.ProjectionType;
import software.amazon.awscdk.services.dynamodb.StreamViewType;
import software.amazon.awscdk.services.dynamodb.TableV2;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.constructs.Construct;

/**
 * A domain's table exactly as its {@link TableSchema} defines it (keys, the overloaded GSIs, TTL,
 * stream view): the CDK stack, the local runner and the tests create the same table from the one
 * definition. On-demand billing and point-in-time recovery always; deletion protection and
 * RETAIN unless the stage holds throw-away data.
 */
public final class SingleTable extends Construct {

  private final TableV2 table;

  public SingleTable(Construct scope, String id, Props props) {
    super(scope, id);
    Objects.requireNonNull(props.schema, "schema");
    // The shared CreateTable request is the schema's own statement of key types.
    var request = props.schema.createTableRequest("schema");
    Map<String, AttributeType> types = new LinkedHashMap<>();
    for (AttributeDefinition definition : request.attributeDefinitions()) {
      types.put(definition.attributeName(), switch (definition.attributeType()) {
        case S -> AttributeType.STRING;
        case N -> AttributeType.NUMBER;
        case B -> AttributeType.BINARY;
        default -> throw new IllegalStateException("unsupported key type " + definition.attributeType());
      });
    }

    List<GlobalSecondaryIndexPropsV2> indexes = new ArrayList<>();
    for (Gsi gsi : props.schema.gsis()) {
      indexes.add(GlobalSecondaryIndexPropsV2.builder()
          .indexName(gsi.indexName())
          .partitionKey(key(gsi.pk(), types))
          .sortKey(key(gsi.sk(), types))
          .projectionType(ProjectionType.valueOf(gsi.projection().name()))
          .build());
    }

    this.table = TableV2.Builder.create(this, "Table")
        .partitionKey(key(keyName(request.keySchema(), KeyType.HASH), types))
        .sortKey(key(keyName(request.keySchema(), KeyType.RANGE), types))
        .billing(Billing.onDemand())
        .globalSecondaryIndexes(indexes)
        .timeToLiveAttribute(TableSchema.TTL)
        .dynamoStream(StreamViewType.valueOf(TableSchema.STREAM_VIEW_TYPE.name()))
        .pointInTimeRecoverySpecification(PointInTimeRecoverySpecification.builder()
            .pointInTimeRecoveryEnabled(true)
            .build())
        .deletionProtection(props.retainData)
        .contributorInsightsSpecification(ContributorInsightsSpecification.builder()
            .enabled(props.contributorInsights).build())
        .removalPolicy(props.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY)
        .build();
    if (props.contributorInsights && !indexes.isEmpty()) {
      // TableV2 sets Contributor Insights on the table only; each index of the replica takes its own.
      List<Map<String, Object>> gsis = new ArrayList<>();
      for (Gsi gsi : props.schema.gsis()) {
        gsis.add(Map.of("IndexName", gsi.indexName(), "ContributorInsightsSpecification", Map.of("Enabled", true)));
      }
      ((CfnGlobalTable) table.getNode().getDefaultChild()).addPropertyOverride("Replicas.0.GlobalSecondaryIndexes", gsis);
    }
  }

  private static String keyName(List<KeySchemaElement> keySchema, KeyType type) {
    return keySchema.stream().filter(k -> k.keyType() == type).findFirst()
        .orElseThrow(() -> new IllegalStateException("TableSchema has no " + type + " key"))
        .attributeName();
  }

  private static Attribute key(String name, Map<String, AttributeType> types) {
    AttributeType type = types.get(name);
    if (type == null) {
      throw new IllegalStateException("TableSchema defines no type for key attribute " + name);
    }
    return Attribute.builder().name(name).type(type).build();
  }

  public TableV2 getTable() {
    return table;
  }

  public static Props.Builder props() {
    return new Props.Builder();
  }

  /** Properties of a {@link SingleTable}. */
  public static final class Props {
    final TableSchema schema;
    final boolean retainData;
    final boolean contributorInsights;

    private Props(Builder b) {
      this.schema = b.schema;
      this.retainData = b.retainData;
      this.contributorInsights = b.contributorInsights;
    }

    /** Builder of {@link Props}. */
    public static final class Builder {
      private TableSchema schema;
      private boolean retainData = true;
      private boolean contributorInsights;

      /** The domain's table ({@code Domain.schema()}). Required. */
      public Builder schema(TableSchema schema) {
        this.schema = schema;
        return this;
      }

      /**
       * Deletion protection on, and the table is kept when the stack is deleted. Only a
       * development stage should turn it off.
       *
       * @default true
       */
      public Builder retainData(boolean retainData) {
        this.retainData = retainData;
        return this;
      }

      /**
       * CloudWatch Contributor Insights on the table and each index: the most accessed and most
       * throttled partition and sort keys. Billed per request event, so a stage option.
       *
       * @default false
       */
      public Builder contributorInsights(boolean contributorInsights) {
        this.contributorInsights = contributorInsights;
        return this;
      }

      public Props build() {
        return new Props(this);
      }
    }
  }
}

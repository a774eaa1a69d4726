package dev.monotable.kit.cdk;

import dev.monotable.kit.migrate.OldDesign;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awscdk.RemovalPolicy;
import software.amazon.awscdk.services.dynamodb.Attribute;
import software.amazon.awscdk.services.dynamodb.AttributeType;
import software.amazon.awscdk.services.dynamodb.BillingMode;
import software.amazon.awscdk.services.dynamodb.GlobalSecondaryIndexProps;
import software.amazon.awscdk.services.dynamodb.PointInTimeRecoverySpecification;
import software.amazon.awscdk.services.dynamodb.ProjectionType;
import software.amazon.awscdk.services.dynamodb.Table;
import software.constructs.Construct;

/**
 * The tables of the design a stage migrates from, declared from its {@link OldDesign} (key, GSIs projecting ALL,
 * on-demand, point-in-time recovery) under their existing names ({@code <prefix>-<name>}), so a running system
 * adopts them with {@code cdk import} instead of creating them. Retained with deletion protection until the stage
 * declares {@code retiring} ({@link MigrationStage}); one {@code AWS::DynamoDB::Table} each.
 */
public final class OldTables extends Construct {

  private final Map<String, Table> tables = new LinkedHashMap<>();

  public OldTables(Construct scope, String id, OldDesign design, MigrationStage stage) {
    super(scope, id);
    boolean protect = stage.protectsOldTables();
    for (OldDesign.Table t : design.tables()) {
      Table table = Table.Builder.create(this, t.name())
          .tableName(OldDesign.tableName(stage.oldPrefix(), t.name()))
          .partitionKey(string(t.key()))
          .billingMode(BillingMode.PAY_PER_REQUEST)
          .pointInTimeRecoverySpecification(PointInTimeRecoverySpecification.builder()
              .pointInTimeRecoveryEnabled(true).build())
          .deletionProtection(protect)
          .removalPolicy(protect ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY)
          .build();
      for (OldDesign.Index i : t.indexes()) {
        table.addGlobalSecondaryIndex(GlobalSecondaryIndexProps.builder().indexName(i.name())
            .partitionKey(string(i.partitionKey())).sortKey(string(i.sortKey()))
            .projectionType(ProjectionType.ALL).build());
      }
      tables.put(t.name(), table);
    }
  }

  private static Attribute string(String name) {
    return Attribute.builder().name(name).type(AttributeType.STRING).build();
  }

  /** The old tables, by their name in the design. */
  public Map<String, Table> getTables() {
    return Map.copyOf(tables);
  }
}

package dev.monotable.infra;

import dev.monotable.forge.Forge;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.monotable.kit.cdk.SingleTable;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awscdk.App;
import software.amazon.awscdk.Environment;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.StackProps;
import software.amazon.awscdk.assertions.Match;
import software.amazon.awscdk.assertions.Template;

/** The table as TableSchema defines it, and its data protection per stage. */
class TableTest {

  @Test
  void table_shouldMatchSharedSchema_whenSynthesized() {
    Template root = SynthesizedForge.get().root();
    List<Object> indexes = new ArrayList<>();
    for (Gsi gsi : Forge.SCHEMA.gsis()) {
      indexes.add(Map.of(
          "IndexName", gsi.indexName(),
          "KeySchema", List.of(
              Map.of("AttributeName", gsi.pk(), "KeyType", "HASH"),
              Map.of("AttributeName", gsi.sk(), "KeyType", "RANGE")),
          "Projection", Map.of("ProjectionType", gsi.projection().toString())));
    }
    List<Object> definitions = Forge.SCHEMA.keyAttributes().stream()
        .map(name -> (Object) Map.of("AttributeName", name, "AttributeType", "S")).toList();

    root.resourceCountIs("AWS::DynamoDB::GlobalTable", 1);
    root.hasResourceProperties("AWS::DynamoDB::GlobalTable", Map.of(
        "KeySchema", List.of(
            Map.of("AttributeName", TableSchema.PK, "KeyType", "HASH"),
            Map.of("AttributeName", TableSchema.SK, "KeyType", "RANGE")),
        "AttributeDefinitions", Match.arrayWith(definitions),
        "GlobalSecondaryIndexes", indexes,
        "BillingMode", "PAY_PER_REQUEST",
        "TimeToLiveSpecification", Map.of("AttributeName", TableSchema.TTL, "Enabled", true),
        "StreamSpecification", Map.of("StreamViewType", TableSchema.STREAM_VIEW_TYPE.toString())));
  }

  @Test
  void productionTable_shouldBeRetainedAndProtected_whenStageIsNotDev() {
    Template root = SynthesizedForge.get().root();
    root.hasResource("AWS::DynamoDB::GlobalTable", Map.of(
        "DeletionPolicy", "Retain",
        "UpdateReplacePolicy", "Retain",
        "Properties", Map.of("Replicas", List.of(Map.of(
            "Region", SynthesizedForge.REGION,
            "DeletionProtectionEnabled", true,
            "PointInTimeRecoverySpecification", Map.of("PointInTimeRecoveryEnabled", true))))));
  }

  @Test
  void devTable_shouldBeDestroyedWithoutDeletionProtection_whenDataIsNotRetained() {
    SynthesizedForge.get(); // aws-cdk-lib is loaded once; this small app costs little on top.
    App app = new App();
    Stack stack = new Stack(app, "TableOnly", StackProps.builder()
        .env(Environment.builder().account(SynthesizedForge.ACCOUNT).region(SynthesizedForge.REGION).build())
        .build());
    new SingleTable(stack, "Data", SingleTable.props().schema(Forge.SCHEMA).retainData(false).build());

    Template template = Template.fromStack(stack);
    template.hasResource("AWS::DynamoDB::GlobalTable", Map.of(
        "DeletionPolicy", "Delete",
        "Properties", Map.of("Replicas", List.of(Map.of(
            "Region", SynthesizedForge.REGION,
            "DeletionProtectionEnabled", false,
            "PointInTimeRecoverySpecification", Map.of("PointInTimeRecoveryEnabled", true))))));
    assertEquals(1, template.findResources("AWS::DynamoDB::GlobalTable").size());
  }
}

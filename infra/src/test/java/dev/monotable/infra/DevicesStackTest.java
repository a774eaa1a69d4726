package dev.monotable.infra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.cdk.DomainStack;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.assertions.Template;

/**
 * Devices' own stack in the shared synthesis: its operators group, its stream consumers, and
 * BatchWriteItem granted only to the two functions whose patterns make it.
 */
class DevicesStackTest {

  private static List<Map<String, Object>> templates() {
    DomainStack devices = (DomainStack) SynthesizedForge.get().app.getNode().findChild("DevicesStack");
    List<Stack> stacks = new ArrayList<>();
    stacks.add(devices);
    stacks.addAll(devices.getRouteStacks().values());
    if (devices.getStreamsStack() != null) {
      stacks.add(devices.getStreamsStack());
    }
    List<Map<String, Object>> out = new ArrayList<>();
    for (Stack s : stacks) {
      @SuppressWarnings("unchecked")
      Map<String, Object> json = (Map<String, Object>) (Map<?, ?>) Template.fromStack(s).toJSON();
      out.add(json);
    }
    return out;
  }

  @Test
  void devicesStack_shouldCreateTheOperatorsGroup_andThreeStreamConsumers() {
    List<String> groups = new ArrayList<>();
    List<String> mappings = new ArrayList<>();
    for (Map<String, Object> t : templates()) {
      Json.resources(t, "AWS::Cognito::UserPoolGroup").values().forEach(r -> groups.add((String) Json.props(r).get("GroupName")));
      Json.resources(t, "AWS::Lambda::EventSourceMapping").keySet().forEach(mappings::add);
    }
    assertEquals(List.of("operators"), groups);
    assertEquals(3, mappings.size(), mappings.toString());
  }

  @Test
  void aStageThatDeclaresNoMigration_shouldHaveNoOldTable_andTellNoFunctionAboutOne() {
    for (Map<String, Object> t : templates()) {
      assertEquals(Map.of(), Json.resources(t, "AWS::DynamoDB::Table"));
      assertFalse(t.toString().contains("MIGRATION_"), "no migration variable while no phase is declared");
      assertFalse(t.toString().contains("ReadOldDesign"), "no grant on an old table");
    }
  }

  @Test
  void batchWriteItem_shouldBeGrantedOnlyToIngestAndDeletion() {
    TreeSet<String> granted = new TreeSet<>();
    for (Map<String, Object> t : templates()) {
      for (Map.Entry<String, Map<String, Object>> p : Json.resources(t, "AWS::IAM::Policy").entrySet()) {
        if (String.valueOf(Json.props(p.getValue()).get("PolicyDocument")).contains("dynamodb:BatchWriteItem")) {
          granted.add(p.getKey().replaceAll("ServiceRoleDefaultPolicy.*", "").replaceAll("[A-F0-9]{8}$", ""));
        }
      }
    }
    assertEquals(2, granted.size(), granted.toString());
    assertTrue(granted.stream().anyMatch(g -> g.contains("RecordEvents")), granted.toString());
    assertTrue(granted.stream().anyMatch(g -> g.contains("DeleteDevice")), granted.toString());
  }
}

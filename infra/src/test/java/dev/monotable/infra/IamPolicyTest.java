package dev.monotable.infra;

import static dev.monotable.infra.Json.findAll;
import static dev.monotable.infra.Json.list;
import static dev.monotable.infra.Json.props;
import static dev.monotable.infra.Json.resources;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.Env;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.forge.Forge;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Least privilege as the synthesized templates grant it, checked against the endpoint catalog. */
class IamPolicyTest {

  private static final Set<String> WRITE_ACTIONS = Set.of(
      "dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem", "dynamodb:ConditionCheckItem",
      "dynamodb:BatchWriteItem");

  private static SynthesizedForge forge;
  private static String tableId;
  private static String secretId;

  @BeforeAll
  static void synth() {
    forge = SynthesizedForge.get();
    Map<String, Object> root = forge.json().get(forge.stack.getStackName());
    tableId = single(resources(root, "AWS::DynamoDB::GlobalTable").keySet());
    secretId = single(resources(root, "AWS::SecretsManager::Secret").keySet());
  }

  static Stream<Endpoint> endpoints() {
    return Forge.DOMAIN.endpoints().stream();
  }

  @Test
  void getUserPolicy_shouldGrantExactlyGetItemOnTableArn_whenSynthesized() {
    DeployedFunction fn = DeployedFunction.of(forge, "GetUserHandler");
    List<Map<String, Object>> dynamo = fn.statementsFor("dynamodb");

    assertEquals(1, dynamo.size(), "one DynamoDB statement: " + dynamo);
    assertEquals(List.of("dynamodb:GetItem"), list(dynamo.get(0).get("Action")));
    assertEquals(List.of(Json.ref(fn.parameterFor(forge, tableId, "Arn"))), list(dynamo.get(0).get("Resource")));
    assertEquals("Allow", dynamo.get(0).get("Effect"));
  }

  @Test
  void listUserOrgsPolicy_shouldGrantQueryOnGsi1Only_whenSynthesized() {
    DeployedFunction fn = DeployedFunction.of(forge, "ListUserOrgsHandler");
    List<Map<String, Object>> dynamo = fn.statementsFor("dynamodb");

    assertEquals(1, dynamo.size(), "only the index statement: " + dynamo);
    assertEquals(List.of("dynamodb:Query"), list(dynamo.get(0).get("Action")));
    assertEquals(List.of(indexArn(fn, Gsi.GSI1)), list(dynamo.get(0).get("Resource")));
  }

  @Test
  void healthFunction_shouldHaveNoDynamoDbOrSecretPermission_whenEndpointHasNoActions() {
    DeployedFunction fn = DeployedFunction.of(forge, "HealthHandler");

    assertEquals(List.of(), fn.statementsFor("dynamodb"));
    assertEquals(List.of(), fn.statementsFor("secretsmanager"));
    // Its own logs, and the trace segments of active tracing (X-Ray accepts no resource but "*").
    assertEquals(List.of("logs:CreateLogStream", "logs:PutLogEvents", "xray:PutTelemetryRecords",
            "xray:PutTraceSegments"),
        fn.statements().stream().flatMap(s -> list(s.get("Action")).stream()).map(String::valueOf).sorted().toList());
    Map<String, Object> xray = fn.statements().stream()
        .filter(s -> list(s.get("Action")).contains("xray:PutTraceSegments")).findFirst().orElseThrow();
    assertEquals("*", xray.get("Resource"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("endpoints")
  void functionPolicy_shouldMatchCatalogActionsAndIndexes_whenSynthesized(Endpoint endpoint) {
    DeployedFunction fn = DeployedFunction.of(forge, endpoint.functionKey());

    // Expected, recomputed here from the catalog rather than through the production class.
    Set<String> onTable = new TreeSet<>();
    endpoint.actions().stream().filter(a -> a != DynamoAction.QUERY).forEach(a -> onTable.add(a.iamName()));
    boolean baseQuery = endpoint.patterns().stream()
        .anyMatch(p -> p.calls().includes(dev.monotable.kit.catalog.Operation.QUERY) && p.index() == null);
    if (baseQuery) {
      onTable.add("dynamodb:Query");
    }

    // A function without DynamoDB access receives no table ARN parameter at all.
    Object tableArn = fn.statementsFor("dynamodb").isEmpty() ? null : Json.ref(fn.parameterFor(forge, tableId, "Arn"));
    Set<String> grantedOnTable = new TreeSet<>();
    Set<Object> grantedIndexArns = new HashSet<>();
    for (Map<String, Object> statement : fn.statementsFor("dynamodb")) {
      List<Object> actions = list(statement.get("Action"));
      for (Object resource : list(statement.get("Resource"))) {
        if (resource.equals(tableArn)) {
          actions.forEach(a -> grantedOnTable.add(String.valueOf(a)));
        } else {
          assertEquals(List.of("dynamodb:Query"), actions, "only Query may target an index: " + statement);
          grantedIndexArns.add(resource);
        }
      }
    }
    Set<Object> expectedIndexArns = new HashSet<>();
    endpoint.indexes().forEach(gsi -> expectedIndexArns.add(indexArn(fn, gsi)));
    assertEquals(onTable, grantedOnTable, "actions on the table ARN");
    assertEquals(expectedIndexArns, grantedIndexArns, "index ARNs granted Query");
  }

  static Stream<Endpoint> readOnlyEndpoints() {
    return Forge.DOMAIN.endpoints().stream().filter(Endpoint::readOnly);
  }

  @Test
  void catalog_shouldHaveReadOnlyEndpoints_whenListed() {
    // Guards the parameterized test below against running on nothing.
    assertTrue(readOnlyEndpoints().count() >= 10);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("readOnlyEndpoints")
  void readOnlyFunction_shouldHaveNoWriteAction_whenEndpointIsReadOnly(Endpoint endpoint) {
    DeployedFunction fn = DeployedFunction.of(forge, endpoint.functionKey());
    List<String> writes = fn.statements().stream()
        .flatMap(s -> list(s.get("Action")).stream()).map(String::valueOf)
        .filter(WRITE_ACTIONS::contains).toList();
    assertEquals(List.of(), writes, endpoint.routeKey() + " is read-only");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("endpoints")
  void cursorSecret_shouldBeReadableOnlyByListFunctions_whenSynthesized(Endpoint endpoint) {
    DeployedFunction fn = DeployedFunction.of(forge, endpoint.functionKey());
    List<Map<String, Object>> secretStatements = fn.statementsFor("secretsmanager");
    boolean paginated = endpoint.actions().contains(DynamoAction.QUERY);

    if (paginated) {
      String secretParam = fn.parameterFor(forge, secretId, null);
      assertEquals(1, secretStatements.size());
      assertEquals(List.of("secretsmanager:GetSecretValue"), list(secretStatements.get(0).get("Action")));
      assertEquals(List.of(Json.ref(secretParam)), list(secretStatements.get(0).get("Resource")));
      assertEquals(Json.ref(secretParam), fn.environment().get(Env.CURSOR_SECRET_ARN));
    } else {
      assertEquals(List.of(), secretStatements);
      assertFalse(fn.environment().containsKey(Env.CURSOR_SECRET_ARN));
    }
  }

  @Test
  void everyPolicy_shouldNameActionsWithoutWildcards_whenSynthesized() {
    List<String> offending = new ArrayList<>();
    forge.json().forEach((name, template) -> {
      // Grants only: the stream consumers' on-failure queues deny sqs:* without TLS, by design.
      for (Object statements : findAll(template, "Statement")) {
        for (Object statement : list(statements)) {
          if (!"Allow".equals(Json.map(statement).get("Effect"))) {
            continue;
          }
          for (String key : List.of("Action", "NotAction")) {
            for (Object action : list(Json.map(statement).get(key))) {
              if (String.valueOf(action).contains("*")) {
                offending.add(name + ": " + action);
              }
            }
          }
        }
      }
    });
    assertEquals(List.of(), offending);
  }

  @Test
  void everyRole_shouldHaveNoManagedPolicy_whenSynthesized() {
    List<String> withManaged = new ArrayList<>();
    forge.json().forEach((name, template) -> resources(template, "AWS::IAM::Role").forEach((id, role) -> {
      if (props(role).containsKey("ManagedPolicyArns")) {
        withManaged.add(name + "/" + id);
      }
    }));
    assertEquals(List.of(), withManaged);
  }

  @Test
  void everyFunction_shouldHaveItsOwnRole_whenSynthesized() {
    Set<String> roles = new HashSet<>();
    long handlers = Forge.DOMAIN.endpoints().stream().map(Endpoint::functionKey).distinct().count();
    for (String handler : Forge.DOMAIN.endpoints().stream().map(Endpoint::functionKey).distinct().toList()) {
      DeployedFunction fn = DeployedFunction.of(forge, handler);
      roles.add(fn.templateName() + "/" + fn.roleId());
    }
    assertEquals(handlers, roles.size());
  }

  private static Object indexArn(DeployedFunction fn, Gsi gsi) {
    return Map.of("Fn::Join", List.of("", List.of(Json.ref(fn.parameterFor(forge, tableId, "Arn")),
        "/index/" + gsi.indexName())));
  }

  private static String single(Set<String> ids) {
    assertEquals(1, ids.size(), "expected exactly one: " + ids);
    return ids.iterator().next();
  }
}

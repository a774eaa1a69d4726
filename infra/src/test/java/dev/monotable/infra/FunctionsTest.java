package dev.monotable.infra;

import static dev.monotable.infra.Json.list;
import static dev.monotable.infra.Json.map;
import static dev.monotable.infra.Json.props;
import static dev.monotable.infra.Json.resources;
import static dev.monotable.infra.Json.target;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.cdk.RouteFunction;
import dev.monotable.kit.Env;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.forge.Forge;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every catalog handler is a java21/arm64 SnapStart function reached only through its live alias. */
class FunctionsTest {

  private static SynthesizedForge forge;
  private static String tableId;

  @BeforeAll
  static void synth() {
    forge = SynthesizedForge.get();
    tableId = resources(forge.json().get(forge.stack.getStackName()), "AWS::DynamoDB::GlobalTable")
        .keySet().iterator().next();
  }

  /** Forge's API functions ({@link Endpoint#functionKey()}: routes of one name share one). */
  static Stream<String> handlers() {
    return Forge.DOMAIN.endpoints().stream().map(Endpoint::functionKey).distinct();
  }

  static Endpoint firstEndpoint(String handler) {
    return Forge.DOMAIN.endpoints().stream().filter(e -> e.functionKey().equals(handler)).findFirst().orElseThrow();
  }

  @Test
  void functionCount_shouldEqualDistinctHandlerClasses_whenSynthesized() {
    long functions = forge.json().values().stream()
        .mapToLong(t -> resources(t, "AWS::Lambda::Function").size()).sum();
    // one per API handler class, plus one per stream consumer
    assertEquals(handlers().count() + Forge.DOMAIN.streams().size(), functions);
    assertTrue(handlers().count() < Forge.DOMAIN.endpoints().size(), "ListAccountReposHandler serves two routes");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("handlers")
  void function_shouldRunJava21Arm64WithSnapStart_whenSynthesized(String handler) {
    DeployedFunction fn = DeployedFunction.of(forge, handler);
    Map<String, Object> p = props(fn.function());

    assertEquals("java21", p.get("Runtime"));
    assertEquals(List.of("arm64"), p.get("Architectures"));
    assertEquals(Map.of("ApplyOn", "PublishedVersions"), p.get("SnapStart"));
    assertEquals(firstEndpoint(handler).handlerClass() + "::handleRequest", p.get("Handler"));
    assertEquals(RouteFunction.DEFAULT_MEMORY_MB, ((Number) p.get("MemorySize")).intValue());
    assertEquals(10, ((Number) p.get("Timeout")).intValue());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("handlers")
  void function_shouldPublishVersionBehindLiveAlias_whenSnapStartIsOn(String handler) {
    DeployedFunction fn = DeployedFunction.of(forge, handler);
    Map<String, Map<String, Object>> versions = resources(fn.template(), "AWS::Lambda::Version");
    String versionId = versions.entrySet().stream()
        .filter(e -> fn.functionId().equals(target(props(e.getValue()).get("FunctionName"))))
        .map(Map.Entry::getKey).findFirst().orElseThrow(() -> new AssertionError("no version of " + handler));

    Map<String, Object> alias = props(resources(fn.template()).get(fn.aliasId()));
    assertEquals(RouteFunction.ALIAS_NAME, alias.get("Name"));
    assertEquals(Map.of("Fn::GetAtt", List.of(versionId, "Version")), alias.get("FunctionVersion"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("handlers")
  void apiTriggers_shouldTargetTheAlias_whenRoutesInvokeFunction(String handler) {
    DeployedFunction fn = DeployedFunction.of(forge, handler);
    Object alias = Json.ref(fn.aliasId());
    List<Map<String, Object>> integrations = resources(fn.template(), "AWS::ApiGatewayV2::Integration").values()
        .stream().filter(i -> alias.equals(props(i).get("IntegrationUri"))).toList();
    List<Map<String, Object>> permissions = resources(fn.template(), "AWS::Lambda::Permission").values()
        .stream().filter(i -> alias.equals(props(i).get("FunctionName"))).toList();
    long routes = Forge.DOMAIN.endpoints().stream().filter(e -> e.functionKey().equals(handler)).count();

    assertEquals(1, integrations.size(), "one integration per function");
    assertEquals(routes, permissions.size(), "one invoke permission per route");
    // Nothing may invoke $LATEST, which runs without SnapStart.
    String functionRef = fn.functionId();
    resources(fn.template(), "AWS::Lambda::Permission").values().forEach(p ->
        assertFalse(functionRef.equals(target(props(p).get("FunctionName"))), "permission on $LATEST"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("handlers")
  void environment_shouldCarryTableNameAndAuthSettings_whenAuthIsOptional(String handler) {
    DeployedFunction fn = DeployedFunction.of(forge, handler);
    Map<String, Object> env = fn.environment();
    Endpoint endpoint = firstEndpoint(handler);

    assertEquals(Json.ref(fn.parameterFor(forge, tableId, null)), env.get(Env.TABLE_NAME));
    assertEquals("INFO", env.get(Env.LOG_LEVEL));
    boolean optional = endpoint.auth() == Auth.OPTIONAL;
    assertEquals(optional, env.containsKey(Env.JWT_ISSUER), Env.JWT_ISSUER);
    assertEquals(optional, env.containsKey(Env.JWT_AUDIENCE), Env.JWT_AUDIENCE);
  }

  @Test
  void environment_shouldStopTheJitAtC1_onEveryFunctionOfEveryStack() {
    // Measured: a cold JVM without these flags took 1.1-1.4x as long to its first answer
    // (docs/performance-levers.md); stream consumers included, they share RouteFunction.
    int functions = 0;
    for (Map.Entry<String, Map<String, Object>> t : forge.json().entrySet()) {
      for (Map.Entry<String, Map<String, Object>> fn : resources(t.getValue(), "AWS::Lambda::Function").entrySet()) {
        Map<String, Object> variables = map(map(props(fn.getValue()).get("Environment")).get("Variables"));
        assertEquals("-XX:+TieredCompilation -XX:TieredStopAtLevel=1", variables.get(Env.JAVA_TOOL_OPTIONS),
            t.getKey() + " " + fn.getKey());
        functions++;
      }
    }
    assertEquals(handlers().count() + Forge.DOMAIN.streams().size(), functions);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("handlers")
  void logGroup_shouldBeOwnedWithRetention_whenFunctionLogs(String handler) {
    DeployedFunction fn = DeployedFunction.of(forge, handler);
    String logGroupId = target(map(props(fn.function()).get("LoggingConfig")).get("LogGroup"));
    Map<String, Object> logGroup = resources(fn.template()).get(logGroupId);

    assertEquals("AWS::Logs::LogGroup", logGroup.get("Type"));
    assertEquals(90, ((Number) props(logGroup).get("RetentionInDays")).intValue(), "prod keeps three months");
    assertEquals("Retain", logGroup.get("DeletionPolicy"));
    Map<String, Object> logStatement = fn.statements().stream()
        .filter(s -> list(s.get("Action")).contains("logs:PutLogEvents")).findFirst().orElseThrow();
    assertEquals(List.of(Map.of("Fn::GetAtt", List.of(logGroupId, "Arn"))), list(logStatement.get("Resource")));
  }
}

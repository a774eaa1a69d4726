package dev.monotable.infra;

import dev.monotable.kit.cdk.DomainStack;

import static dev.monotable.infra.Json.map;
import static dev.monotable.infra.Json.props;
import static dev.monotable.infra.Json.resources;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.forge.Forge;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awscdk.assertions.Match;

/** Routes, authorizer, stage throttling, access logs and CORS of the HTTP API. */
class HttpApiTest {

  private static SynthesizedForge forge;
  private static final Map<String, Map<String, Object>> routes = new LinkedHashMap<>();

  @BeforeAll
  static void synth() {
    forge = SynthesizedForge.get();
    routes.clear();
    forge.json().values().forEach(t -> resources(t, "AWS::ApiGatewayV2::Route").values()
        .forEach(r -> routes.put(String.valueOf(props(r).get("RouteKey")), props(r))));
  }

  static Stream<Endpoint> endpoints() {
    return Forge.DOMAIN.endpoints().stream();
  }

  @Test
  void routes_shouldBeExactlyTheCatalog_whenSynthesized() {
    assertEquals(Forge.DOMAIN.endpoints().stream().map(Endpoint::routeKey).sorted().toList(),
        routes.keySet().stream().sorted().toList());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("endpoints")
  void route_shouldUseJwtAuthorizer_whenAuthIsRequired(Endpoint endpoint) {
    Map<String, Object> route = routes.get(endpoint.routeKey());
    assertNotNull(route, endpoint.routeKey());
    if (endpoint.auth() == Auth.REQUIRED) {
      assertEquals("JWT", route.get("AuthorizationType"));
      assertNotNull(route.get("AuthorizerId"));
    } else {
      assertEquals("NONE", route.get("AuthorizationType"));
      assertNull(route.get("AuthorizerId"));
    }
  }

  @Test
  void authorizer_shouldTrustTheUserPoolAndItsClient_whenNoExternalIssuerIsConfigured() {
    Map<String, Object> root = forge.json().get(forge.stack.getStackName());
    Map<String, Object> authorizer = props(resources(root, "AWS::ApiGatewayV2::Authorizer").values().iterator().next());
    String poolId = resources(root, "AWS::Cognito::UserPool").keySet().iterator().next();
    String clientId = resources(root, "AWS::Cognito::UserPoolClient").keySet().iterator().next();

    assertEquals("JWT", authorizer.get("AuthorizerType"));
    assertEquals(List.of("$request.header.Authorization"), authorizer.get("IdentitySource"));
    Map<String, Object> jwt = map(authorizer.get("JwtConfiguration"));
    assertEquals(List.of(Json.ref(clientId)), jwt.get("Audience"));
    assertEquals(Map.of("Fn::Join", List.of("", List.of("https://cognito-idp." + SynthesizedForge.REGION
        + ".amazonaws.com/", Json.ref(poolId)))), jwt.get("Issuer"));
  }

  @Test
  void stage_shouldThrottleAndWriteJsonAccessLogs_whenSynthesized() {
    forge.root().hasResourceProperties("AWS::ApiGatewayV2::Stage", Map.of(
        "StageName", "$default",
        "AutoDeploy", true,
        "DefaultRouteSettings", Map.of("ThrottlingRateLimit", 50, "ThrottlingBurstLimit", 100),
        "AccessLogSettings", Map.of(
            "DestinationArn", Match.objectLike(Map.of("Fn::GetAtt", Match.arrayWith(List.of("Arn")))),
            "Format", Match.stringLikeRegexp(".*\\$context\\.requestId.*\\$context\\.status.*"))));
    forge.root().resourceCountIs("AWS::ApiGatewayV2::Stage", 1);
  }

  @Test
  void api_shouldAnswerCorsPreflightForBearerTokens_whenSynthesized() {
    forge.root().hasResourceProperties("AWS::ApiGatewayV2::Api", Map.of(
        "ProtocolType", "HTTP",
        "CorsConfiguration", Map.of(
            "AllowOrigins", List.of("*"),
            "AllowCredentials", false,
            "AllowHeaders", Match.arrayWith(List.of("Authorization", "Content-Type", "If-Match")),
            "AllowMethods", Match.arrayWith(List.of("GET", "POST", "PUT", "PATCH", "DELETE")),
            "ExposeHeaders", Match.arrayWith(List.of("ETag")))));
  }

  @Test
  void outputs_shouldExposeUrlTableAndUserPool_whenSynthesized() {
    Map<String, Object> outputs = map(forge.json().get(forge.stack.getStackName()).get("Outputs"));
    for (String key : List.of(DomainStack.OUT_API_URL, DomainStack.OUT_TABLE_NAME, DomainStack.OUT_USER_POOL_ID,
        DomainStack.OUT_USER_POOL_CLIENT_ID, DomainStack.OUT_JWT_ISSUER, DomainStack.OUT_ALARM_TOPIC_ARN)) {
      assertTrue(outputs.containsKey(key), "output " + key + " in " + outputs.keySet());
    }
  }

  @Test
  void forgeStack_shouldBeSelectedAsForgeStack_andKeepTheStackNameItWasDeployedUnder() {
    // Guards the deployed table: a changed CloudFormation stack name would create a second stack
    // (and table) beside the old one, while the construct id is only what `cdk deploy` selects.
    assertEquals("ForgeStack", forge.stack.getNode().getId());
    assertEquals("Monotable-" + SynthesizedForge.STAGE, forge.stack.getStackName());
  }
}

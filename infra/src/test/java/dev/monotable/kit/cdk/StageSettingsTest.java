package dev.monotable.kit.cdk;

import dev.monotable.infra.MonotableApp;
import dev.monotable.infra.SynthesizedForge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awscdk.App;
import software.amazon.awscdk.AppProps;

/** Context parsing and the stage rules; MonotableApp's lookup of the Lambda jar. */
class StageSettingsTest {

  private static StageSettings settings(Map<String, Object> context) {
    SynthesizedForge.get(); // shares the JVM's single aws-cdk-lib load
    return StageSettings.fromContext(new App(AppProps.builder().context(context).build()).getNode());
  }

  @Test
  void fromContext_shouldDefaultToEphemeralDevWithCognito_whenContextIsEmpty() {
    StageSettings s = settings(Map.of());

    assertEquals("dev", s.stage());
    assertEquals("Monotable-dev", s.stackName());
    assertTrue(s.ephemeral());
    assertTrue(s.cognito());
    assertEquals(List.of("*"), s.corsAllowOrigins());
    assertEquals("INFO", s.logLevel());
  }

  @Test
  void observability_shouldTraceEverywhere_andTurnContributorInsightsOnInProductionOnly_byDefault() {
    StageSettings dev = settings(Map.of());
    StageSettings prod = settings(Map.of("stage", "prod"));
    assertTrue(dev.tracing());
    assertTrue(prod.tracing());
    assertFalse(dev.contributorInsights());
    assertTrue(prod.contributorInsights());
    // Either way by context, as the CLI passes it (-c tracing=false) or cdk.json holds it.
    StageSettings quiet = settings(Map.of("stage", "prod", "tracing", "false", "contributorInsights", false));
    assertFalse(quiet.tracing());
    assertFalse(quiet.contributorInsights());
    assertTrue(settings(Map.of("contributorInsights", "true")).contributorInsights());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> settings(Map.of("tracing", "yes")));
    assertEquals("context 'tracing' must be true or false, not 'yes'", e.getMessage());
  }

  @Test
  void ephemeral_shouldBeFalse_whenStageIsNotDev() {
    assertFalse(settings(Map.of("stage", "prod")).ephemeral());
    assertFalse(settings(Map.of("stage", "staging")).ephemeral());
    assertFalse(settings(Map.of("stage", "devops")).ephemeral());
    assertTrue(settings(Map.of("stage", "dev-alice")).ephemeral());
  }

  @Test
  void fromContext_shouldUseExternalIssuer_whenIssuerAndAudienceAreGiven() {
    StageSettings s = settings(Map.of("jwtIssuer", "https://issuer.example.com/", "jwtAudience", "a, b"));

    assertFalse(s.cognito());
    assertEquals(List.of("a", "b"), s.jwtAudience());
  }

  @Test
  void fromContext_shouldFail_whenIssuerHasNoAudience() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> settings(Map.of("jwtIssuer", "https://issuer.example.com/")));
    assertTrue(e.getMessage().contains("jwtAudience"), e.getMessage());
  }

  @Test
  void fromContext_shouldFail_whenStageNameIsNotLowerCaseDnsLike() {
    assertThrows(IllegalArgumentException.class, () -> settings(Map.of("stage", "Prod_1")));
  }

  @Test
  void fromContext_shouldParseCliStrings_whenThrottlingAndOriginsAreGiven() {
    StageSettings s = settings(Map.of("throttleRateLimit", "7", "throttleBurstLimit", "9",
        "corsAllowOrigins", "https://a.example,https://b.example", "logLevel", "debug", "alarmEmail", ""));

    assertEquals(7, s.throttleRateLimit());
    assertEquals(9, s.throttleBurstLimit());
    assertEquals(List.of("https://a.example", "https://b.example"), s.corsAllowOrigins());
    assertEquals("DEBUG", s.logLevel());
    assertNull(s.alarmEmail());
  }

  @Test
  void functionsJar_shouldResolveUnderRepositoryRoot_whenNoOverrideIsGiven() {
    SynthesizedForge.get();
    Path jar = MonotableApp.functionsJar(new App().getNode());

    assertEquals(MonotableApp.repositoryRoot().resolve(MonotableApp.FUNCTIONS_JAR), jar);
    assertTrue(Files.isRegularFile(jar), "built by the reactor before infra's tests: " + jar);
    assertTrue(Files.isRegularFile(MonotableApp.repositoryRoot().resolve("cdk.json")));
  }

  @Test
  void functionsJar_shouldUseContext_whenOverrideIsGiven() {
    SynthesizedForge.get();
    Path jar = MonotableApp.functionsJar(
        new App(AppProps.builder().context(Map.of("functionsJar", "/tmp/x.jar")).build()).getNode());

    assertEquals(Path.of("/tmp/x.jar"), jar);
  }
}

package dev.monotable.infra;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.devices.Devices;
import dev.monotable.kit.cdk.DomainStack;
import dev.monotable.kit.cdk.MigrationStage;
import dev.monotable.kit.cdk.StageSettings;
import io.github.cdklabs.cdknag.AwsSolutionsChecks;
import io.github.cdklabs.cdknag.NagPackProps;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import software.amazon.awscdk.App;
import software.amazon.awscdk.AppProps;
import software.amazon.awscdk.Aspects;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.assertions.Annotations;
import software.amazon.awscdk.assertions.Match;
import software.amazon.awscdk.assertions.Template;

/**
 * Devices' stack at each declared phase of its migration (context {@code migration}, {@code migrationReads}):
 * the old tables kept, retained and protected until {@code retiring} makes them deletable and {@code retired}
 * takes them out; a route granted its patterns' old calls only while the stage reads them from the old design;
 * the functions told the phase. Devices alone is synthesized, once per phase, with cdk-nag; cfn-lint reads the
 * dual phase's templates where it is installed.
 */
class MigrationPhasesTest {

  private static final Map<String, Synthesized> PHASES = new LinkedHashMap<>();

  /** A phase's Devices stack and its templates' JSON by stack id. */
  private record Synthesized(DomainStack stack, Map<String, Map<String, Object>> templates, Path outdir) {}

  private static synchronized Synthesized synth(String phase, String reads) {
    return PHASES.computeIfAbsent(phase + "|" + reads, k -> {
      Map<String, Object> context = new LinkedHashMap<>(SynthesizedForge.cdkJsonContext());
      context.put(StageSettings.CTX_STAGE, "prod");
      context.put(StageSettings.CTX_ACCOUNT, SynthesizedForge.ACCOUNT);
      context.put(StageSettings.CTX_REGION, SynthesizedForge.REGION);
      context.put(MigrationStage.CTX_MIGRATION, phase);
      if (reads != null) {
        context.put(MigrationStage.CTX_MIGRATION_READS, reads);
      }
      Path outdir = SynthesizedForge.moduleDir().resolve("target/cdk-migration-" + phase + ".out");
      App app = new App(AppProps.builder().context(context).outdir(outdir.toString()).analyticsReporting(false).build());
      DomainStack stack = MonotableApp.domainStack(app, StageSettings.fromContext(app.getNode()), "DevicesStack",
          Devices.DOMAIN);
      Aspects.of(app).add(new AwsSolutionsChecks(NagPackProps.builder().verbose(true).build()));
      app.synth();
      Map<String, Map<String, Object>> templates = new TreeMap<>();
      List<Stack> stacks = new ArrayList<>(List.of(stack));
      stacks.addAll(stack.getRouteStacks().values());
      for (Stack s : stacks) {
        @SuppressWarnings("unchecked")
        Map<String, Object> json = (Map<String, Object>) (Map<?, ?>) Template.fromStack(s).toJSON();
        templates.put(s.getNode().getId(), json);
      }
      return new Synthesized(stack, templates, outdir);
    });
  }

  private static Synthesized dual() {
    return synth("dual", "AP01=old,AP04=both,AP09=old");
  }

  /** The old tables of the root template, by TableName. */
  private static Map<String, Map<String, Object>> oldTables(Synthesized s) {
    Map<String, Map<String, Object>> out = new TreeMap<>();
    Json.resources(s.templates().get("DevicesStack"), "AWS::DynamoDB::Table")
        .values().forEach(r -> out.put((String) Json.props(r).get("TableName"), r));
    return out;
  }

  /** Per route function (its role's policy id, shortened), the old-design statements it is granted, as text. */
  private static Map<String, String> oldGrants(Synthesized s) {
    Map<String, String> out = new TreeMap<>();
    for (Map.Entry<String, Map<String, Object>> t : s.templates().entrySet()) {
      for (Map.Entry<String, Map<String, Object>> p : Json.resources(t.getValue(), "AWS::IAM::Policy").entrySet()) {
        List<String> old = new ArrayList<>();
        for (Object statement : Json.list(Json.map(Json.props(p.getValue()).get("PolicyDocument")).get("Statement"))) {
          Map<String, Object> st = Json.map(statement);
          if (String.valueOf(st.get("Sid")).startsWith("ReadOldDesign")) {
            old.add(st.get("Action") + " " + st.get("Resource"));
          }
        }
        if (!old.isEmpty()) {
          out.put(p.getKey().replaceAll("ServiceRoleDefaultPolicy.*", "").replaceAll("[A-F0-9]{8}$", ""),
              String.join("; ", old));
        }
      }
    }
    return out;
  }

  /** The environment of every route function, by function logical id. */
  private static Map<String, Map<String, Object>> environments(Synthesized s) {
    Map<String, Map<String, Object>> out = new TreeMap<>();
    for (Map<String, Object> t : s.templates().values()) {
      Json.resources(t, "AWS::Lambda::Function").forEach((id, f) -> out.put(id,
          Json.map(Json.map(Json.props(f).get("Environment")).get("Variables"))));
    }
    return out;
  }

  @Test
  void dual_shouldKeepTheOldTables_retainedAndProtected_withTheirKeysAndIndexes() {
    Map<String, Map<String, Object>> tables = oldTables(dual());
    assertEquals(List.of("legacy-Devices", "legacy-Events", "legacy-Users"), List.copyOf(tables.keySet()));
    for (Map<String, Object> t : tables.values()) {
      assertEquals("Retain", t.get("DeletionPolicy"));
      assertEquals("Retain", t.get("UpdateReplacePolicy"));
      assertEquals(true, Json.props(t).get("DeletionProtectionEnabled"));
      assertEquals("PAY_PER_REQUEST", Json.props(t).get("BillingMode"));
    }
    assertEquals("[{AttributeName=eventId, KeyType=HASH}]",
        String.valueOf(Json.props(tables.get("legacy-Events")).get("KeySchema")));
    TreeSet<String> indexes = new TreeSet<>();
    Json.list(Json.props(tables.get("legacy-Events")).get("GlobalSecondaryIndexes"))
        .forEach(i -> indexes.add(Json.map(i).get("IndexName") + " " + Json.map(i).get("KeySchema")
            + " " + Json.map(i).get("Projection")));
    assertEquals(new TreeSet<>(List.of(
        "Events-ByDeviceId [{AttributeName=deviceId, KeyType=HASH}, {AttributeName=timestamp, KeyType=RANGE}] "
            + "{ProjectionType=ALL}",
        "Events-ByType [{AttributeName=type, KeyType=HASH}, {AttributeName=timestamp, KeyType=RANGE}] "
            + "{ProjectionType=ALL}",
        "Events-ByUserId [{AttributeName=userId, KeyType=HASH}, {AttributeName=timestamp, KeyType=RANGE}] "
            + "{ProjectionType=ALL}")), indexes);
  }

  @Test
  void dual_shouldGrantEachSwitchedRouteItsPatternsOldCall_onThatTableOrIndexOnly() {
    Map<String, String> grants = oldGrants(dual());
    assertEquals(3, grants.size(), grants.toString());
    String getUser = grants.entrySet().stream().filter(e -> e.getKey().contains("GetUserHandler")).findFirst()
        .orElseThrow(() -> new AssertionError(grants.toString())).getValue();
    assertTrue(getUser.startsWith("dynamodb:GetItem ") && getUser.contains("OldTablesUsers")
        && !getUser.contains("index"), getUser);
    String events = grants.entrySet().stream().filter(e -> e.getKey().contains("ListEventsHandler")).findFirst()
        .orElseThrow(() -> new AssertionError(grants.toString())).getValue();
    assertTrue(events.startsWith("dynamodb:Query ") && events.contains("OldTablesEvents")
        && events.contains("/index/Events-ByDeviceId") && !events.contains("Events-ByUserId"), events);
    String ofType = grants.entrySet().stream().filter(e -> e.getKey().contains("EventsOfTypeHandler")).findFirst()
        .orElseThrow(() -> new AssertionError(grants.toString())).getValue();
    assertTrue(ofType.startsWith("dynamodb:Query ") && ofType.contains("/index/Events-ByType"), ofType);
  }

  @Test
  void dual_shouldTellEveryRouteThePhase_andStayCleanUnderCdkNag() {
    for (Map<String, Object> env : environments(dual()).values()) {
      if (env.containsKey("TABLE_NAME")) {
        assertEquals("DUAL", env.get("MIGRATION_MODE"), env.toString());
        assertEquals("AP01=old,AP04=both,AP09=old", env.get("MIGRATION_READS"));
        assertEquals("legacy", env.get("MIGRATION_OLD_PREFIX"));
      }
    }
    // As NagTest: a nested stack's findings are reported on its top-level stack's artifact.
    Stack s = dual().stack();
    assertEquals(List.of(), NagTest.describe(Annotations.fromStack(s).findError("*",
        Match.stringLikeRegexp("AwsSolutions-.*"))));
    assertEquals(List.of(), NagTest.describe(Annotations.fromStack(s).findWarning("*",
        Match.stringLikeRegexp("AwsSolutions-.*"))));
  }

  @Test
  void dual_shouldPassCfnLint() throws Exception {
    Path cfnLint = null;
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      if (Files.isExecutable(Path.of(dir, "cfn-lint"))) {
        cfnLint = Path.of(dir, "cfn-lint");
      }
    }
    org.junit.jupiter.api.Assumptions.assumeTrue(cfnLint != null, "cfn-lint is not on PATH");
    Path root = MonotableApp.repositoryRoot();
    List<String> command = new ArrayList<>(List.of(cfnLint.toString(), "--config-file",
        root.resolve(".cfnlintrc.yaml").toString(), "--"));
    try (Stream<Path> files = Files.list(dual().outdir())) {
      files.filter(p -> p.getFileName().toString().endsWith(".template.json")).sorted()
          .forEach(p -> command.add(p.toString()));
    }
    assertTrue(command.size() > 5, command.toString());
    Process process = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(5, TimeUnit.MINUTES), "cfn-lint did not finish");
    assertEquals("", output.strip(), "cfn-lint findings");
  }

  @Test
  void retiring_shouldMakeTheOldTablesDeletable_andReadNothingOfThem() {
    Synthesized retiring = synth("retiring", null);
    Map<String, Map<String, Object>> tables = oldTables(retiring);
    assertEquals(3, tables.size());
    for (Map<String, Object> t : tables.values()) {
      assertEquals("Delete", t.get("DeletionPolicy"));
      assertEquals(false, Json.props(t).get("DeletionProtectionEnabled"));
    }
    assertEquals(Map.of(), oldGrants(retiring));
  }

  @Test
  void retired_shouldTakeTheOldTablesOut_andLeaveTheRoutesNewOnly() {
    Synthesized retired = synth("retired", null);
    assertEquals(Map.of(), oldTables(retired));
    assertEquals(Map.of(), oldGrants(retired));
    for (Map<String, Object> env : environments(retired).values()) {
      if (env.containsKey("TABLE_NAME")) {
        assertEquals("NEW_ONLY", env.get("MIGRATION_MODE"), env.toString());
        assertFalse(env.containsKey("MIGRATION_OLD_PREFIX"), env.toString());
      }
    }
  }
}

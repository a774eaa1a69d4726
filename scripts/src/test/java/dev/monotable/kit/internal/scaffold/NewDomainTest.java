package dev.monotable.kit.internal.scaffold;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.charts.ModelValidator;
import dev.monotable.kit.cli.RepoRoot;
import dev.monotable.kit.cli.UsageException;
import dev.monotable.kit.docs.DocsGenerator;
import dev.monotable.kit.json.Json;
import dev.monotable.kit.local.LocalKeys;
import dev.monotable.kit.local.LocalService;
import dev.monotable.kit.tools.DevDomain;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.LocalDynamoDb;
import dev.monotable.testing.TestTable;
import java.io.StringWriter;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

/**
 * The steps of docs/new-domain.md on a scratch domain with one entity and two access patterns:
 * {@code scripts/new-domain scratch} writes it into a temporary copy of the layout, it is built
 * (javac against the kit, nothing of Forge needed), its generated docs are checked, its routes are
 * answered over HTTP by the kit's local service with the exact item checked in the table, and the
 * directory is deleted afterwards.
 */
@ExtendWith(DynamoDbExtension.class)
class NewDomainTest {

  @TempDir
  Path root;

  @TempDir
  Path keysDir;

  @Test
  void newDomain_shouldBuildDocumentAndServe_givenOnlyTheScaffold(TestTable testTable) throws Exception {
    // GIVEN scripts/new-domain scratch, on a copy of the files every domain shares
    sharedFiles(root);
    List<Path> written = NewDomainTool.write(root, "scratch");
    assertTrue(written.contains(root.resolve("functions/scratch/src/main/java/dev/monotable/scratch/Scratch.java")),
        written.toString());
    assertEquals("dev.monotable.scratch.tools.ScratchDev\n",
        Files.readString(root.resolve(NewDomainTool.REGISTRATION.replace("__id__", "scratch"))),
        "registered for the dev-time programs, in its own module");
    String pom = Files.readString(root.resolve("functions/scratch/pom.xml"));
    assertTrue(pom.contains("<artifactId>monotable-scratch</artifactId>") && pom.contains("<finalName>monotable-scratch-lambda</finalName>")
        && pom.contains("<exclude>dev/monotable/scratch/tools/**</exclude>"),
        "a module of its own, with its own Lambda jar that leaves its dev-time packages out");
    String modules = Files.readString(root.resolve("functions/pom.xml"));
    assertTrue(modules.contains("    <module>scratch</module>\n    <!-- new-domain: modules -->"), "built with the others");
    assertTrue(modules.contains("<module>forge</module>"), "Forge's module stays");
    for (String classPath : List.of("scripts/pom.xml", "infra/pom.xml")) {
      String text = Files.readString(root.resolve(classPath));
      // Its version comes from the root pom's dependency management (checked below).
      assertTrue(text.contains("<artifactId>monotable-scratch</artifactId>\n    </dependency>\n    <!-- new-domain: dependencies -->"),
          classPath + " puts it on its class path");
    }
    assertTrue(Files.readString(root.resolve("pom.xml")).contains("<artifactId>monotable-scratch</artifactId>\n"
        + "        <version>${project.version}</version>\n      </dependency>\n      <!-- new-domain: managed -->"),
        "its version managed by the root pom, so the scripts' and infra's dependencies on it resolve");
    String app = Files.readString(root.resolve("infra/src/main/java/dev/monotable/infra/MonotableApp.java"));
    assertTrue(app.contains("    domainStack(app, settings, \"ScratchStack\", dev.monotable.scratch.Scratch.DOMAIN);\n"
        + "    // new-domain: stacks"), "its own stack: cdk deploy ScratchStack");

    // WHEN it is built
    URLClassLoader loader = build(root);
    DevDomain scratch = (DevDomain) loader.loadClass("dev.monotable.scratch.tools.ScratchDev").getConstructor()
        .newInstance();

    // THEN the tests it was written with pass: its data test (exact items) and its HTTP journey
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request().selectors(
        DiscoverySelectors.selectClass(loader.loadClass("dev.monotable.scratch.data.EntriesTest")),
        DiscoverySelectors.selectClass(loader.loadClass("dev.monotable.scratch.tools.ScratchJourneyTest"))).build(),
        listener);
    TestExecutionSummary summary = listener.getSummary();
    StringWriter failures = new StringWriter();
    summary.printFailuresTo(new java.io.PrintWriter(failures), 20);
    assertEquals(0, summary.getTotalFailureCount(), failures.toString());
    assertEquals(5, summary.getTestsSucceededCount(), "the scaffold's tests ran");

    // THEN its docs are its own, in docs/scratch/, and current once written
    assertEquals("Scratch", scratch.domain().name());
    List<Path> docs = DocsGenerator.write(root, scratch.docs());
    assertEquals(5, docs.size(), docs.toString());
    docs.forEach(p -> assertTrue(p.startsWith(root.resolve("docs/scratch")), p.toString()));
    assertEquals(List.of(), DocsGenerator.check(root, scratch.docs()));
    String charts = Files.readString(root.resolve("docs/scratch/entity-chart.md"));
    assertTrue(charts.contains("ENTRY#{entry}"), charts);
    String patterns = Files.readString(root.resolve("docs/scratch/access-patterns.md"));
    for (String expected : List.of("P01", "P02", "PUT /entries/{entry}", "GET /entries/{entry}", "PutItem", "GetItem")) {
      assertTrue(patterns.contains(expected), expected + " in\n" + patterns);
    }
    for (Path doc : docs) {
      String text = Files.readString(doc);
      for (String forge : List.of("Forge", "ACCOUNT#", "AP01", "repositor")) {
        assertFalse(text.contains(forge), doc + " names " + forge);
      }
    }

    // AND the kit's local service answers its routes over HTTP, writing exactly the charted item
    String table = "monotable-scratch-" + UUID.randomUUID().toString().substring(0, 8);
    try (LocalService service = new LocalService(scratch.local()).start(new LocalService.Options(0,
        LocalDynamoDb.endpoint(), false, table, true, new LocalKeys(keysDir), testTable.client()))) {
      HttpClient http = HttpClient.newHttpClient();
      String base = service.api().baseUrl();

      HttpResponse<String> created = send(http, HttpRequest.newBuilder(URI.create(base + "/entries/first"))
          .header("content-type", "application/json").PUT(HttpRequest.BodyPublishers.ofString("{\"text\":\"hi\"}")));
      assertEquals(201, created.statusCode(), created.body());
      Map<String, AttributeValue> item = testTable.client().getItem(GetItemRequest.builder().tableName(table)
          .key(Map.of("PK", AttributeValue.fromS("ENTRY#first"), "SK", AttributeValue.fromS("ENTRY#first")))
          .build()).item();
      assertEquals("Entry", item.get("Type").s());
      assertEquals("hi", item.get("Text").s());
      assertEquals(List.of(), validator(scratch).validate(item), "the item keeps to its chart");

      HttpResponse<String> read = send(http, HttpRequest.newBuilder(URI.create(base + "/entries/first")));
      assertEquals(200, read.statusCode(), read.body());
      assertEquals("hi", Json.readObject(read.body()).get("text"));
      assertEquals(200, send(http, HttpRequest.newBuilder(URI.create(base + "/entries/hello"))).statusCode(),
          "the demo entry is seeded");
      assertEquals(409, send(http, HttpRequest.newBuilder(URI.create(base + "/entries/first"))
          .PUT(HttpRequest.BodyPublishers.ofString("{\"text\":\"again\"}"))).statusCode());
      HttpResponse<String> bad = send(http, HttpRequest.newBuilder(URI.create(base + "/entries/second"))
          .PUT(HttpRequest.BodyPublishers.ofString("{\"text\":\"x\",\"PK\":\"ENTRY#other\"}")));
      assertEquals(400, bad.statusCode(), bad.body());
      assertEquals(404, send(http, HttpRequest.newBuilder(URI.create(base + "/entries/second"))).statusCode(),
          "bad input writes nothing");
      assertEquals(400, send(http, HttpRequest.newBuilder(URI.create(base + "/entries/NOT%23OK"))).statusCode(),
          "no user value changes a key's structure");
      // GET /health, which scripts/dev prints in its banner: the kit's, from the scaffold's Endpoint.health(P00)
      HttpResponse<String> health = send(http, HttpRequest.newBuilder(URI.create(base + "/health")));
      assertEquals(200, health.statusCode(), health.body());
      assertEquals(table, Json.readObject(health.body()).get("table"));
    } finally {
      testTable.client().deleteTable(DeleteTableRequest.builder().tableName(table).build());
    }
  }

  @Test
  void write_shouldRefuseAnInvalidOrExistingDomain_beforeWritingAnything() throws Exception {
    UsageException noMarker = assertThrows(UsageException.class, () -> NewDomainTool.write(root, "early"));
    assertTrue(noMarker.getMessage().contains("functions/pom.xml"), noMarker.getMessage());
    try (Stream<Path> files = Files.walk(root)) {
      assertEquals(List.of(root), files.toList(), "nothing written");
    }
    sharedFiles(root);
    assertThrows(UsageException.class, () -> NewDomainTool.write(root, "Bad-Id"));
    assertThrows(UsageException.class, () -> NewDomainTool.write(root, "kit"));
    NewDomainTool.write(root, "twice");
    UsageException again = assertThrows(UsageException.class, () -> NewDomainTool.write(root, "twice"));
    assertTrue(again.getMessage().contains("exists already"), again.getMessage());
    assertEquals(1, countLines(root.resolve(NewDomainTool.REGISTRATION.replace("__id__", "twice"))), "registered once");
    assertEquals(1, Files.readString(root.resolve("functions/pom.xml")).split("<module>twice</module>", -1).length - 1,
        "a module once");
  }

  /**
   * Compiles every generated source, main and test, against this classpath (the kit, its test
   * fixtures and their libraries) and answers a loader of the result.
   */
  private static URLClassLoader build(Path root) throws Exception {
    List<String> sources;
    try (Stream<Path> files = Files.walk(root)) {
      // infra/ (the CDK app, whose one new line the first test checks) needs the CDK, not on this classpath
      sources = files.filter(p -> p.toString().endsWith(".java")).filter(p -> !p.startsWith(root.resolve("infra")))
          .map(Path::toString).sorted().toList();
    }
    Path classes = root.resolve("classes");
    Files.createDirectories(classes);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    StringWriter diagnostics = new StringWriter();
    List<String> options = new ArrayList<>(List.of("--release", "17", "-Xlint:none", "-proc:none",
        "-cp", System.getProperty("java.class.path"), "-d", classes.toString()));
    boolean ok = javac.getTask(diagnostics, null, null, options, null,
        javac.getStandardFileManager(null, null, null).getJavaFileObjectsFromStrings(sources)).call();
    assertTrue(ok, "the scaffold compiles:\n" + diagnostics);
    return new URLClassLoader(new URL[] {classes.toUri().toURL()}, NewDomainTest.class.getClassLoader());
  }

  /** The files every domain adds a line to, copied from this checkout. */
  private static void sharedFiles(Path root) throws Exception {
    for (NewDomainTool.Edit e : NewDomainTool.EDITS) {
      Path target = root.resolve(e.file());
      Files.createDirectories(target.getParent());
      Files.copy(RepoRoot.get().resolve(e.file()), target);
    }
  }

  private static ModelValidator validator(DevDomain domain) {
    return new ModelValidator(domain.entities());
  }

  private static HttpResponse<String> send(HttpClient http, HttpRequest.Builder request) throws Exception {
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static long countLines(Path file) {
    try {
      return Files.readString(file).lines().count();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}

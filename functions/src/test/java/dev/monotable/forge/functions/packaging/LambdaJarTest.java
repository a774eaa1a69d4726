package dev.monotable.forge.functions.packaging;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.forge.catalog.EndpointCatalog;
import dev.monotable.forge.catalog.StreamCatalog;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shaded Lambda jar holds what the handlers reach and nothing the handlers never use. Runs in
 * the {@code package} phase, right after the shade plugin (see functions/pom.xml), where the
 * build sets {@code monotable.lambdaJar}; in the {@code test} phase the jar does not exist yet.
 */
class LambdaJarTest {

  /**
   * Classes that only the operator tools, the docs generator and the tests use (modules shared/dev
   * and scripts/local-engine, which no function depends on): the
   * local engine's launcher, the charts and model validator, the local token signer. Guarded by
   * name as well as by reachability, so a handler that starts using one fails here loudly.
   */
  static final List<String> DEV_ONLY = List.of(
      "dev/monotable/kit/engine/LocalEngine",
      "dev/monotable/forge/charts/EntityCharts",
      "dev/monotable/kit/charts/EntityModel",
      "dev/monotable/kit/charts/ModelValidator",
      "dev/monotable/forge/charts/Relationships",
      "dev/monotable/kit/auth/JwtSigner");

  /**
   * References the SDK makes to optional libraries it looks for at run time and does without
   * (CRT checksums and signing, Apache and Netty clients, JSR-305 annotations...). Present in the
   * unslimmed jar too: they are the SDK's, not the slimming's.
   */
  static final List<String> OPTIONAL_PREFIXES = List.of(
      "software/amazon/awssdk/crt/",
      "software/amazon/awssdk/crtcore/",
      "software/amazon/awssdk/http/auth/aws/crt/",
      "software/amazon/awssdk/http/apache/",
      "software/amazon/awssdk/http/nio/netty/",
      "software/amazon/awssdk/http/crt/",
      "javax/annotation/",
      "org/apache/commons/logging/",
      "org/apache/log4j/");

  private static JarClassGraph jar;

  @BeforeAll
  static void readJar() {
    String path = System.getProperty("monotable.lambdaJar");
    Assumptions.assumeTrue(path != null, "runs in the package phase, after the shade plugin built the jar");
    Path file = Path.of(path);
    assertTrue(Files.isRegularFile(file), "the shade plugin did not write " + file);
    jar = JarClassGraph.of(file);
  }

  /** The handlers Lambda invokes (every catalog route and stream consumer), and what the SDK loads by name. */
  static List<String> roots(JarClassGraph graph) {
    List<String> roots = new ArrayList<>();
    EndpointCatalog.endpoints().stream().map(Endpoint::handlerClass).distinct()
        .forEach(c -> roots.add(c.replace('.', '/')));
    StreamCatalog.declarations().stream().map(StreamHandlerDeclaration::handlerClass)
        .forEach(c -> roots.add(c.replace('.', '/')));
    roots.addAll(graph.loadedByName());
    return roots;
  }

  static Map<String, String> unexpectedMissing(JarClassGraph graph) {
    Map<String, String> missing = new java.util.TreeMap<>(graph.missingFrom(roots(graph)));
    missing.keySet().removeIf(c -> OPTIONAL_PREFIXES.stream().anyMatch(c::startsWith));
    return missing;
  }

  @Test
  void lambdaJar_shouldHoldEveryClassTheHandlersReach() {
    // Guards the slimming: an exclusion that removes a class a handler links against would pass
    // every in-process test (they run on the full classpath) and fail only in Lambda.
    assertEquals(Map.of(), unexpectedMissing(jar), "class <- referenced by");
    assertTrue(jar.reachableFrom(roots(jar)).size() > 1000, "the walk must reach the SDK");
  }

  @Test
  void lambdaJar_shouldHoldNoDevOnlyClass() {
    Set<String> present = new TreeSet<>(DEV_ONLY);
    present.retainAll(jar.classes());
    assertEquals(Set.of(), present, "dev-only classes in the Lambda jar");
    assertEquals(Set.of(), unreachableOwnClasses(jar),
        "Monotable classes no handler reaches: exclude them in functions/pom.xml (shade filters) or use them");
  }

  @Test
  void lambdaJar_shouldHoldOnlyTheKitAndForge() {
    // Each domain deploys alone: its jar is the kit's runtime and its own package root, so a
    // second domain's classes in Forge's jar (or Forge's in another's) fail here.
    List<String> foreign = jar.classes().stream()
        .filter(c -> c.startsWith("dev/monotable/"))
        .filter(c -> !c.startsWith("dev/monotable/kit/") && !c.startsWith("dev/monotable/forge/"))
        .sorted().toList();
    assertEquals(List.of(), foreign, "classes of another domain (or of no domain) in Forge's Lambda jar");
    assertTrue(jar.classes().stream().anyMatch(c -> c.startsWith("dev/monotable/kit/http/")), "the kit's runtime is in it");
  }

  @Test
  void lambdaJar_shouldHoldNoUnusedLibrary() {
    // joda-time came with aws-lambda-java-events for event types the handlers never receive.
    assertTrue(jar.classes().stream().noneMatch(c -> c.startsWith("org/joda/")), "joda-time is in the jar");
  }

  static Set<String> unreachableOwnClasses(JarClassGraph graph) {
    Set<String> reachable = graph.reachableFrom(roots(graph));
    Set<String> out = new TreeSet<>();
    for (String c : graph.classes()) {
      if (c.startsWith("dev/monotable/") && !reachable.contains(c)) {
        out.add(c);
      }
    }
    return out;
  }

  @Test
  void unexpectedMissing_shouldNameTheClass_whenAJarLacksOneAHandlerReaches(@TempDir Path dir) throws IOException {
    // GIVEN the real jar without Keys, which every handler reaches through the data-access layer
    Path broken = copyWithout(dir, "dev/monotable/forge/keys/Keys.class");

    // THEN the walk names it, with a referrer
    Map<String, String> missing = unexpectedMissing(JarClassGraph.of(broken));
    assertTrue(missing.containsKey("dev/monotable/forge/keys/Keys"), missing.toString());
  }

  @Test
  void unreachableOwnClasses_shouldNameADevOnlyClass_whenTheJarHoldsOne(@TempDir Path dir) throws IOException {
    // GIVEN the real jar plus a Monotable class nothing the handlers run references
    Path withExtra = copyWithout(dir, "no/such/entry");
    byte[] extra;
    try (InputStream in = JarClassGraph.class.getResourceAsStream("JarClassGraph.class")) {
      extra = in.readAllBytes();
    }
    Path out = dir.resolve("extra.jar");
    try (ZipFile zip = new ZipFile(withExtra.toFile());
        ZipOutputStream zout = new ZipOutputStream(Files.newOutputStream(out))) {
      copyEntries(zip, zout, "no/such/entry");
      zout.putNextEntry(new ZipEntry("dev/monotable/forge/functions/packaging/JarClassGraph.class"));
      zout.write(extra);
      zout.closeEntry();
    }

    assertEquals(Set.of("dev/monotable/forge/functions/packaging/JarClassGraph"),
        unreachableOwnClasses(JarClassGraph.of(out)));
  }

  @Test
  void referencedClasses_shouldReadClassEntriesAndDescriptors() throws IOException {
    byte[] bytes;
    try (InputStream in = LambdaJarTest.class.getResourceAsStream("LambdaJarTest.class")) {
      bytes = in.readAllBytes();
    }
    Set<String> refs = JarClassGraph.referencedClasses(bytes);
    assertTrue(refs.contains("dev/monotable/forge/functions/packaging/JarClassGraph"), "class entry");
    assertTrue(refs.contains("java/nio/file/Path"), "descriptor type");
    assertFalse(refs.contains("dev/monotable/forge/functions/packaging/LambdaJarTest"), "not itself");
  }

  private static Path copyWithout(Path dir, String entry) throws IOException {
    Path out = dir.resolve("without-" + entry.replace('/', '_') + ".jar");
    try (ZipFile zip = new ZipFile(System.getProperty("monotable.lambdaJar"));
        ZipOutputStream zout = new ZipOutputStream(Files.newOutputStream(out))) {
      copyEntries(zip, zout, entry);
    }
    return out;
  }

  private static void copyEntries(ZipFile zip, ZipOutputStream zout, String skip) throws IOException {
    {
      for (ZipEntry e : java.util.Collections.list(zip.entries())) {
        if (e.getName().equals(skip) || e.isDirectory()) {
          continue;
        }
        zout.putNextEntry(new ZipEntry(e.getName()));
        try (InputStream in = zip.getInputStream(e)) {
          in.transferTo(zout);
        }
        zout.closeEntry();
      }
    }
  }
}

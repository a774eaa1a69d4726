package dev.monotable.kit.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.cli.RepoRoot;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.domain.Domain;
import dev.monotable.testing.Domains;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each domain's shaded Lambda jar ({@link Domain#lambdaJar()}, one per domain of
 * {@link Domains#all()}) holds what its handlers reach and nothing they never use: no class of
 * another domain, no dev-only class, and no Monotable class (kit or domain) that its handlers do not
 * reach through the constant pools' class references. Each domain's module writes its jar in its
 * {@code package} phase (the shade execution of {@code functions/<id>/pom.xml}), before this module's
 * tests run in the reactor.
 */
class LambdaJarTest {

  /**
   * Classes that only the operator tools, the docs generator and the tests use (modules shared/dev
   * and shared/engine, which no function depends on): the local engine's launcher, the
   * charts and model validator, the local token signer. Guarded by name as well as by reachability,
   * so a handler that starts using one fails here loudly. A domain's own charts and tools
   * ({@code <root>/charts/}, {@code <root>/tools/}) are dev-only too.
   */
  static final List<String> DEV_ONLY = List.of(
      "dev/monotable/kit/engine/LocalEngine",
      "dev/monotable/kit/charts/EntityModel",
      "dev/monotable/kit/charts/ModelValidator",
      "dev/monotable/kit/devauth/JwtSigner");

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

  private static final Map<String, JarClassGraph> JARS = new HashMap<>();

  /** The domain's jar: the file {@link Domain#lambdaJar()} names, under the repository root. */
  static Path jarFile(Domain d) {
    return RepoRoot.get().resolve(d.lambdaJar());
  }

  static synchronized JarClassGraph jar(Domain d) {
    return JARS.computeIfAbsent(d.name(), n -> {
      Path file = jarFile(d);
      assertTrue(Files.isRegularFile(file), "the shade plugin did not write " + file + " (" + d.name()
          + "'s module builds it in its package phase: mvn -B install)");
      return JarClassGraph.of(file);
    });
  }

  /** The domain's package root as a jar path prefix: {@code dev/monotable/forge/}. */
  static String root(Domain d) {
    return Domains.packageRoot(d).replace('.', '/') + "/";
  }

  /** The handlers Lambda invokes (every route and stream consumer of the domain), and what the SDK loads by name. */
  static List<String> roots(Domain d, JarClassGraph graph) {
    List<String> roots = new ArrayList<>();
    d.endpoints().stream().map(Endpoint::handlerClass).distinct().forEach(c -> roots.add(c.replace('.', '/')));
    d.streams().stream().map(StreamHandlerDeclaration::handlerClass).forEach(c -> roots.add(c.replace('.', '/')));
    if (d.endpoints().stream().anyMatch(Endpoint::servedByKit)) {
      // The kit's handlers build the domain's services by the name infra gives them (MONOTABLE_SERVICES).
      roots.add(d.servicesClass().replace('.', '/'));
    }
    roots.addAll(graph.loadedByName());
    return roots;
  }

  static Map<String, String> unexpectedMissing(Domain d, JarClassGraph graph) {
    Map<String, String> missing = new java.util.TreeMap<>(graph.missingFrom(roots(d, graph)));
    missing.keySet().removeIf(c -> OPTIONAL_PREFIXES.stream().anyMatch(c::startsWith));
    return missing;
  }

  static Set<String> unreachableOwnClasses(Domain d, JarClassGraph graph) {
    Set<String> reachable = graph.reachableFrom(roots(d, graph));
    Set<String> out = new TreeSet<>();
    for (String c : graph.classes()) {
      if (c.startsWith("dev/monotable/") && !reachable.contains(c)) {
        out.add(c);
      }
    }
    return out;
  }

  @ParameterizedTest
  @MethodSource("dev.monotable.testing.Domains#arguments")
  void lambdaJar_shouldHoldEveryClassTheHandlersReach(Domain d) {
    // Guards the slimming: an exclusion that removes a class a handler links against would pass
    // every in-process test (they run on the full classpath) and fail only in Lambda.
    JarClassGraph jar = jar(d);
    assertEquals(Map.of(), unexpectedMissing(d, jar), "class <- referenced by");
    assertTrue(jar.reachableFrom(roots(d, jar)).size() > 1000, "the walk must reach the SDK");
  }

  @ParameterizedTest
  @MethodSource("dev.monotable.testing.Domains#arguments")
  void lambdaJar_shouldHoldNoDevOnlyClass_andNoClassItsHandlersDoNotReach(Domain d) {
    JarClassGraph jar = jar(d);
    Set<String> present = new TreeSet<>(DEV_ONLY);
    present.retainAll(jar.classes());
    // A domain's dev-time packages (its charts, its DevDomain and tools) stay out of its jar.
    jar.classes().stream().filter(c -> c.startsWith(root(d) + "charts/") || c.startsWith(root(d) + "tools/"))
        .forEach(present::add);
    assertEquals(Set.of(), present, "dev-only classes in " + d.name() + "'s Lambda jar");
    assertEquals(Set.of(), unreachableOwnClasses(d, jar), "Monotable classes no handler of " + d.name()
        + " reaches: exclude them from its jar in its module's pom.xml (shade filters) or use them");
  }

  @ParameterizedTest
  @MethodSource("dev.monotable.testing.Domains#arguments")
  void lambdaJar_shouldHoldOnlyTheKitAndItsOwnDomain(Domain d) {
    // Each domain deploys alone: its jar is the kit's runtime and its own package root, so another
    // domain's classes in its jar fail here.
    JarClassGraph jar = jar(d);
    List<String> foreign = jar.classes().stream()
        .filter(c -> c.startsWith("dev/monotable/"))
        .filter(c -> !c.startsWith("dev/monotable/kit/") && !c.startsWith(root(d)))
        .sorted().toList();
    assertEquals(List.of(), foreign, "classes of another domain (or of no domain) in " + d.name() + "'s Lambda jar");
    assertTrue(jar.classes().stream().anyMatch(c -> c.startsWith("dev/monotable/kit/http/")), "the kit's runtime is in it");
    assertTrue(jar.classes().stream().anyMatch(c -> c.startsWith(root(d))), "the domain is in it");
  }

  @ParameterizedTest
  @MethodSource("dev.monotable.testing.Domains#arguments")
  void lambdaJar_shouldHoldNoUnusedLibrary(Domain d) {
    // joda-time came with aws-lambda-java-events for event types the handlers never receive.
    assertTrue(jar(d).classes().stream().noneMatch(c -> c.startsWith("org/joda/")), "joda-time is in the jar");
  }

  /** The first domain: the checks' own tests below break a copy of its jar. */
  private static Domain any() {
    return Domains.all().get(0);
  }

  @Test
  void unexpectedMissing_shouldNameTheClass_whenAJarLacksOneAHandlerReaches(@TempDir Path dir) throws IOException {
    // GIVEN a domain's real jar without its first route's handler's superclass chain member: the
    // kit's ApiHandler, which every route's handler extends
    Domain d = any();
    Path broken = copyWithout(d, dir, "dev/monotable/kit/http/ApiHandler.class");

    // THEN the walk names it, with a referrer
    Map<String, String> missing = unexpectedMissing(d, JarClassGraph.of(broken));
    assertTrue(missing.containsKey("dev/monotable/kit/http/ApiHandler"), missing.toString());
  }

  @Test
  void unreachableOwnClasses_shouldNameAClassNoHandlerReaches_whenTheJarHoldsOne(@TempDir Path dir)
      throws IOException {
    // GIVEN a domain's real jar plus a Monotable class nothing the handlers run references
    Domain d = any();
    Path withExtra = copyWithout(d, dir, "no/such/entry");
    byte[] extra;
    try (InputStream in = JarClassGraph.class.getResourceAsStream("JarClassGraph.class")) {
      extra = in.readAllBytes();
    }
    Path out = dir.resolve("extra.jar");
    try (ZipFile zip = new ZipFile(withExtra.toFile());
        ZipOutputStream zout = new ZipOutputStream(Files.newOutputStream(out))) {
      copyEntries(zip, zout, "no/such/entry");
      zout.putNextEntry(new ZipEntry("dev/monotable/kit/packaging/JarClassGraph.class"));
      zout.write(extra);
      zout.closeEntry();
    }

    assertEquals(Set.of("dev/monotable/kit/packaging/JarClassGraph"), unreachableOwnClasses(d, JarClassGraph.of(out)));
  }

  @Test
  void referencedClasses_shouldReadClassEntriesAndDescriptors() throws IOException {
    byte[] bytes;
    try (InputStream in = LambdaJarTest.class.getResourceAsStream("LambdaJarTest.class")) {
      bytes = in.readAllBytes();
    }
    Set<String> refs = JarClassGraph.referencedClasses(bytes);
    assertTrue(refs.contains("dev/monotable/kit/packaging/JarClassGraph"), "class entry");
    assertTrue(refs.contains("java/nio/file/Path"), "descriptor type");
    assertFalse(refs.contains("dev/monotable/kit/packaging/LambdaJarTest"), "not itself");
  }

  private static Path copyWithout(Domain d, Path dir, String entry) throws IOException {
    Path out = dir.resolve("without-" + entry.replace('/', '_') + ".jar");
    try (ZipFile zip = new ZipFile(jarFile(d).toFile());
        ZipOutputStream zout = new ZipOutputStream(Files.newOutputStream(out))) {
      copyEntries(zip, zout, entry);
    }
    return out;
  }

  private static void copyEntries(ZipFile zip, ZipOutputStream zout, String skip) throws IOException {
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

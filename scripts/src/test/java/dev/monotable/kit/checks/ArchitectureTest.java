package dev.monotable.kit.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.cli.RepoRoot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The kit's layout, checked on the main sources of every module: the kit ({@code dev.monotable.kit})
 * names no domain, a domain names no other domain, and no two packages depend on each other in a
 * cycle; the kit's strings and Javadoc speak no domain's name or key vocabulary either. Dependencies are read from the source text: imports, static imports and fully qualified
 * names of the project's classes (Javadoc links included, so a comment cannot hide a dependency).
 */
class ArchitectureTest {

  static final String ROOT = "dev.monotable";
  static final String KIT = ROOT + ".kit";
  /** Packages that wire domains into programs (the CDK app): they may name anything. */
  static final Set<String> APPS = Set.of(ROOT + ".infra");

  private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);
  private static final Pattern REFERENCE = Pattern.compile("\\b(dev\\.monotable(?:\\.[a-z]\\w*)+)\\.([A-Z]\\w*)");

  /** One main source file: its package and the project packages it refers to. */
  record Source(String path, String pkg, Set<String> references) {}

  @Test
  void kit_shouldNameNoDomain() {
    List<String> violations = new ArrayList<>();
    for (Source s : sources()) {
      if (isKit(s.pkg())) {
        for (String ref : s.references()) {
          if (!isKit(ref)) {
            violations.add(s.path() + " -> " + ref);
          }
        }
      }
    }
    assertEquals(List.of(), violations);
  }

  /**
   * Kit files that still speak a domain's vocabulary, with how many lines do: known debt, to be
   * moved into the domain. Empty: the check fails on any file that speaks one; a pin belongs here
   * only while such a line is being moved out, and a file cleaned up must leave the list.
   */
  static final Map<String, Integer> VOCABULARY_LEFT = Map.of();

  /**
   * The words that belong to a registered domain: its name and the literal prefix of each key
   * template of its entity charts ({@code ACCOUNT#}, {@code DEVICE#}).
   */
  static Pattern vocabulary() {
    Set<String> words = new TreeSet<>();
    for (dev.monotable.kit.tools.DevDomain d : dev.monotable.kit.tools.DevDomains.all()) {
      words.add("\\b" + Pattern.quote(d.domain().name()) + "\\b");
      for (var chart : d.entities().charts()) {
        if (chart.model() != null && isKit(chart.model().getPackageName())) {
          continue; // an entity of the kit's own (idempotency records): its words are the kit's
        }
        for (var key : List.of(chart.table().pk(), chart.table().sk())) {
          String prefix = key.template().prefix();
          int hash = prefix.indexOf('#');
          if (hash > 1) {
            words.add("\\b" + Pattern.quote(prefix.substring(0, hash + 1)));
          }
        }
      }
    }
    return Pattern.compile(String.join("|", words));
  }

  @Test
  void kit_shouldSpeakNoDomainsVocabulary_inItsStringsAndJavadoc() throws IOException {
    Pattern words = vocabulary();
    Map<String, Integer> found = new TreeMap<>();
    Map<String, String> firstLine = new TreeMap<>();
    Path root = RepoRoot.get();
    for (Source s : sources()) {
      if (!isKit(s.pkg())) {
        continue;
      }
      for (String line : Files.readAllLines(root.resolve(s.path()))) {
        if (words.matcher(line).find()) {
          found.merge(s.path(), 1, Integer::sum);
          firstLine.putIfAbsent(s.path(), line.strip());
        }
      }
    }
    List<String> violations = new ArrayList<>();
    found.forEach((path, n) -> {
      if (n > VOCABULARY_LEFT.getOrDefault(path, 0)) {
        violations.add(path + ": " + n + " line(s) with a domain's words, e.g. " + firstLine.get(path));
      }
    });
    VOCABULARY_LEFT.forEach((path, n) -> {
      if (found.getOrDefault(path, 0) < n) {
        violations.add(path + ": now " + found.getOrDefault(path, 0) + " line(s); lower VOCABULARY_LEFT to match");
      }
    });
    assertEquals(List.of(), violations, "domain vocabulary in the kit: " + words.pattern());
  }

  @Test
  void domain_shouldNameOnlyTheKitAndItself() {
    List<String> violations = new ArrayList<>();
    for (Source s : sources()) {
      String domain = domainOf(s.pkg());
      if (domain == null) {
        continue;
      }
      for (String ref : s.references()) {
        String other = domainOf(ref);
        if (!isKit(ref) && !domain.equals(other)) {
          violations.add(s.path() + " -> " + ref);
        }
      }
    }
    assertEquals(List.of(), violations);
  }

  @Test
  void mainCode_shouldHaveNoPackageCycle() {
    assertEquals(List.of(), cycles(graph(sources())));
  }

  @Test
  void cycles_shouldFindEveryPackageOfACycle_andNothingElse() {
    Map<String, Set<String>> g = new TreeMap<>();
    g.put("a", Set.of("b"));
    g.put("b", Set.of("c"));
    g.put("c", Set.of("a", "d"));
    g.put("d", Set.of());
    assertEquals(List.of(List.of("a", "b", "c")), cycles(g));
    g.put("c", Set.of("d"));
    assertEquals(List.of(), cycles(g));
  }

  @Test
  void references_shouldReadImportsStaticImportsAndQualifiedNames_butNotTheFileItself() {
    Source s = parse("X.java", """
        package dev.monotable.kit.a;
        import dev.monotable.kit.b.B;
        import static dev.monotable.forge.c.C.*;
        /** See {@link dev.monotable.forge.d.D}. */
        class X { dev.monotable.kit.a.Y y; java.util.List<String> l; }
        """);
    assertEquals("dev.monotable.kit.a", s.pkg());
    assertEquals(Set.of("dev.monotable.kit.b", "dev.monotable.forge.c", "dev.monotable.forge.d"), s.references());
  }

  @Test
  void domainOf_shouldBeTheThirdSegment_forAnythingButTheKitAndTheApps() {
    assertEquals("dev.monotable.forge", domainOf("dev.monotable.forge.data"));
    assertEquals(null, domainOf("dev.monotable.kit.data"));
    assertEquals(null, domainOf("dev.monotable.infra"));
    assertEquals("dev.monotable.forge", domainOf("dev.monotable.forge.peer"));
  }

  static boolean isKit(String pkg) {
    return pkg.equals(KIT) || pkg.startsWith(KIT + ".");
  }

  /** {@code dev.monotable.<domain>} of a package, or null for the kit and the apps. */
  static String domainOf(String pkg) {
    String[] parts = pkg.split("\\.");
    if (parts.length < 3 || isKit(pkg)) {
      return null;
    }
    String top = parts[0] + "." + parts[1] + "." + parts[2];
    return APPS.contains(top) ? null : top;
  }

  static List<Source> sources() {
    Path root = RepoRoot.get();
    List<Source> out = new ArrayList<>();
    try {
      for (Path main : Modules.mainSources(root)) {
        try (Stream<Path> files = Files.walk(main)) {
          for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
            out.add(parse(root.relativize(f).toString(), Files.readString(f)));
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    assertTrue(out.size() > 100, "the check must read the main sources, read " + out.size());
    return out;
  }

  static Source parse(String path, String text) {
    Matcher p = PACKAGE.matcher(text);
    String pkg = p.find() ? p.group(1) : "";
    Set<String> refs = new TreeSet<>();
    Matcher m = REFERENCE.matcher(text);
    while (m.find()) {
      if (!m.group(1).equals(pkg)) {
        refs.add(m.group(1));
      }
    }
    return new Source(path, pkg, refs);
  }

  static Map<String, Set<String>> graph(List<Source> sources) {
    Set<String> packages = new TreeSet<>();
    sources.forEach(s -> packages.add(s.pkg()));
    Map<String, Set<String>> g = new TreeMap<>();
    for (Source s : sources) {
      Set<String> out = g.computeIfAbsent(s.pkg(), k -> new TreeSet<>());
      // A qualified name may end in a nested type (pkg.Outer.Inner is read as package pkg.Outer
      // only when pkg.Outer is not a package): keep only references to real packages.
      s.references().stream().filter(packages::contains).forEach(out::add);
    }
    return g;
  }

  /** The strongly connected components of more than one package (Tarjan), each sorted. */
  static List<List<String>> cycles(Map<String, Set<String>> g) {
    Map<String, Integer> index = new HashMap<>();
    Map<String, Integer> low = new HashMap<>();
    Deque<String> stack = new ArrayDeque<>();
    Set<String> onStack = new java.util.HashSet<>();
    List<List<String>> out = new ArrayList<>();
    int[] counter = {0};
    for (String v : g.keySet()) {
      if (!index.containsKey(v)) {
        connect(v, g, index, low, stack, onStack, out, counter);
      }
    }
    out.sort((a, b) -> a.get(0).compareTo(b.get(0)));
    return out;
  }

  private static void connect(String v, Map<String, Set<String>> g, Map<String, Integer> index,
      Map<String, Integer> low, Deque<String> stack, Set<String> onStack, List<List<String>> out, int[] counter) {
    index.put(v, counter[0]);
    low.put(v, counter[0]++);
    stack.push(v);
    onStack.add(v);
    for (String w : g.getOrDefault(v, Set.of())) {
      if (!index.containsKey(w)) {
        connect(w, g, index, low, stack, onStack, out, counter);
        low.put(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.contains(w)) {
        low.put(v, Math.min(low.get(v), index.get(w)));
      }
    }
    if (low.get(v).equals(index.get(v))) {
      List<String> component = new ArrayList<>();
      String w;
      do {
        w = stack.pop();
        onStack.remove(w);
        component.add(w);
      } while (!w.equals(v));
      if (component.size() > 1) {
        component.sort(null);
        out.add(component);
      }
    }
  }
}

package dev.monotable.kit.internal.scaffold;

import dev.monotable.kit.cli.Args;
import dev.monotable.kit.cli.OpsMain;
import dev.monotable.kit.cli.UsageException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.regex.Pattern;

/**
 * {@code scripts/new-domain <id>}: writes a new domain on the kit, with one entity and two access
 * patterns (put and get), as the module {@code functions/<id>/}, ready to build, document, run and
 * deploy (docs/new-domain.md), and adds it to the files all domains share. The
 * files come from the templates under {@code scaffold/} on the
 * classpath ({@code scaffold/files.txt} lists them); {@code __id__} and {@code __Id__} in a
 * template's path and text become the domain's package and class prefix.
 *
 * <p>With {@code --standalone DIR} the same code and tests go into a Maven project of their own,
 * the same layout outside the repository, that depends on the kit's installed artifacts, plus
 * what only such a project has ({@code scaffold/standalone/files.txt}: its pom pinned to this
 * kit's version, its CDK app).
 */
public final class NewDomainTool {

  static final String USAGE = """
      usage: scripts/new-domain <id> [--root DIR]
             scripts/new-domain <id> --standalone DIR

      Writes a new domain with one entity and two access patterns (PUT and GET of one item) as the
      module functions/<id>/ (package dev.monotable.<id>), registered for the local service, the
      operator tools and the docs generator, with its stack in the CDK app. Then (docs/new-domain.md):
        scripts/docs --domain <id>          its docs, in docs/<id>/
        scripts/dev --domain <id>           its API on http://127.0.0.1:3000
        npx cdk deploy <Id>Stack            its own table, functions and API

      With --standalone DIR it writes a Maven project of its own into DIR (empty or new) that
      depends on the kit's installed artifacts (shared/install): in DIR,
        mvn -o verify                      build and run its tests
        mvn -o -q compile exec:exec@serve  its API on http://127.0.0.1:3000 (engine: 8000, else a free port)
        ./token alice                      a bearer token the local service accepts
        mvn -o -q package exec:exec@synth  its stack in cdk.out/

        <id>              lower-case letters and digits, 2-30, starting with a letter (e.g. notes)
        --root DIR        the repository to write into (default: the one scripts/new-domain is in)
        --standalone DIR  a new project in DIR (new or empty) instead, on the installed kit; a relative
                          DIR is taken from the current directory

      Exit status: 0 written, 1 failure, 2 bad usage (an invalid id, or a domain that exists already).""";

  /** Where a domain registers itself for the dev-time programs (ServiceLoader), in its own module. */
  public static final String REGISTRATION =
      "functions/__id__/src/main/resources/META-INF/services/dev.monotable.kit.tools.DevDomain";

  /**
   * The lines a new domain adds to files the domains share, each before a marker line: its module
   * in the domains' build, its artifact on the class path of the scripts and of the CDK app, its
   * stack in the CDK app, and its version in the root pom's dependencyManagement (without it the
   * scripts' and the CDK app's dependencies on the artifact have no version and Maven refuses both).
   */
  record Edit(String file, String marker, String snippet) {}

  public static final List<Edit> EDITS = List.of(
      new Edit("functions/pom.xml", "<!-- new-domain: modules -->", "scaffold/edits/domains-pom.xml"),
      new Edit("scripts/pom.xml", "<!-- new-domain: dependencies -->", "scaffold/edits/dependency.xml"),
      new Edit("infra/pom.xml", "<!-- new-domain: dependencies -->", "scaffold/edits/dependency.xml"),
      new Edit("infra/src/main/java/dev/monotable/infra/MonotableApp.java", "// new-domain: stacks",
          "scaffold/edits/MonotableApp.java"),
      new Edit("pom.xml", "<!-- new-domain: managed -->", "scaffold/edits/managed.xml"));

  /** The standalone project's files a user runs ({@code ./token alice}); a template carries no mode. */
  static final Set<String> EXECUTABLE = Set.of("token");

  private static final Pattern ID = Pattern.compile("^[a-z][a-z0-9]{1,29}$");
  private static final Set<String> RESERVED = Set.of("kit", "infra", "bench", "testing", "app", "java", "dev");

  private NewDomainTool() {}

  public static void main(String[] args) {
    OpsMain.exec(USAGE, args, () -> {
      Args a = Args.parse(args, Set.of(), Set.of("--root", "--standalone"));
      if (a.positional().size() != 1) {
        throw new UsageException("give exactly one domain id");
      }
      if (a.option("--standalone") != null && a.option("--root") != null) {
        throw new UsageException("--standalone writes a project of its own: give --root or --standalone, not both");
      }
      boolean standalone = a.option("--standalone") != null;
      String dir = standalone ? a.option("--standalone") : a.option("--root") == null ? "." : a.option("--root");
      Path root = Path.of(dir).toAbsolutePath().normalize();
      List<Path> written = standalone ? standalone(root, a.positional().get(0)) : write(root, a.positional().get(0));
      written.forEach(p -> System.out.println("wrote " + root.relativize(p)));
      return 0;
    });
  }

  /**
   * Writes the domain's module under {@code root} and adds its lines before the markers of
   * {@link #EDITS}; refuses (before writing anything) an invalid id, one whose files already
   * exist, or a root whose shared files lack a marker.
   *
   * @return the files written, then those edited
   */
  public static List<Path> write(Path root, String id) {
    String cls = className(id);
    List<String> templates = lines(resource("scaffold/files.txt"));
    List<Path> targets = new ArrayList<>();
    for (String t : templates) {
      Path target = root.resolve(expand(t.replaceAll("\\.tmpl$", ""), id, cls));
      if (Files.exists(target)) {
        throw new UsageException("domain '" + id + "' exists already: " + root.relativize(target));
      }
      targets.add(target);
    }
    List<String> edited = new ArrayList<>();
    for (Edit e : EDITS) {
      Path file = root.resolve(e.file());
      String text = Files.isRegularFile(file) ? read(file) : "";
      int at = text.indexOf(e.marker());
      if (at < 0) {
        throw new UsageException(e.file() + " has no line '" + e.marker() + "' to add the domain before");
      }
      int line = text.lastIndexOf('\n', at) + 1;
      edited.add(text.substring(0, line) + expand(resource(e.snippet()), id, cls) + text.substring(line));
    }
    try {
      for (int i = 0; i < templates.size(); i++) {
        Files.createDirectories(targets.get(i).getParent());
        Files.writeString(targets.get(i), expand(resource("scaffold/" + templates.get(i)), id, cls));
      }
      for (int i = 0; i < EDITS.size(); i++) {
        Path file = root.resolve(EDITS.get(i).file());
        Files.writeString(file, edited.get(i));
        targets.add(file);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return targets;
  }

  /**
   * Writes a standalone project for domain {@code id} into {@code dir} (new, or empty): the
   * templates of {@code scaffold/files.txt} with each module's {@code src/} folded into one, and
   * those of {@code scaffold/standalone/files.txt}, whose {@code @name@} become the versions this
   * kit was built with. Refuses, before writing anything, an invalid id or a folder with files.
   *
   * @return the files written
   */
  public static List<Path> standalone(Path dir, String id) {
    String cls = className(id);
    if (Files.exists(dir) && (!Files.isDirectory(dir) || !isEmpty(dir))) {
      throw new UsageException("--standalone needs a new or empty folder: " + dir);
    }
    Map<String, String> versions = properties(resource("scaffold/standalone/versions.properties"));
    Map<Path, String> files = new LinkedHashMap<>();
    for (String t : lines(resource("scaffold/files.txt"))) {
      if (!t.contains("/src/")) {
        continue; // the repository module's pom: a standalone project has its own
      }
      files.put(dir.resolve(expand(folded(t).replaceAll("\\.tmpl$", ""), id, cls)),
          expand(resource("scaffold/" + t), id, cls));
    }
    for (String t : lines(resource("scaffold/standalone/files.txt"))) {
      String name = t.replaceAll("\\.tmpl$", "").replaceAll("^gitignore$", ".gitignore");
      String text = expand(resource("scaffold/standalone/" + t), id, cls);
      for (Map.Entry<String, String> v : versions.entrySet()) {
        text = text.replace("@" + v.getKey() + "@", v.getValue());
      }
      files.put(dir.resolve(expand(name, id, cls)), text);
    }
    try {
      for (Map.Entry<Path, String> f : files.entrySet()) {
        Files.createDirectories(f.getKey().getParent());
        Files.writeString(f.getKey(), f.getValue());
        if (f.getKey().getParent().equals(dir) && EXECUTABLE.contains(f.getKey().getFileName().toString())
            && !f.getKey().toFile().setExecutable(true, false)) {
          throw new IllegalStateException("could not make " + f.getKey() + " executable");
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return List.copyOf(files.keySet());
  }

  /** A template's path in the repository, as a project of its own: {@code functions/__id__/src/x} is {@code src/x}. */
  public static String folded(String template) {
    int src = template.indexOf("src/");
    if (src < 0) {
      throw new IllegalStateException("scaffold template outside a module's src/: " + template);
    }
    return template.substring(src);
  }

  private static String className(String id) {
    if (!ID.matcher(id).matches() || RESERVED.contains(id)) {
      throw new UsageException("domain id must be 2-30 lower-case letters and digits, starting with a letter,"
          + " and not one of " + RESERVED.stream().sorted().toList() + ": " + id);
    }
    return id.substring(0, 1).toUpperCase(Locale.ROOT) + id.substring(1);
  }

  private static boolean isEmpty(Path dir) {
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.findAny().isEmpty();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Map<String, String> properties(String text) {
    Properties p = new Properties();
    try {
      p.load(new StringReader(text));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Map<String, String> out = new TreeMap<>();
    p.stringPropertyNames().forEach(k -> out.put(k, p.getProperty(k)));
    if (out.values().stream().anyMatch(v -> v.contains("${"))) {
      throw new IllegalStateException("scaffold/standalone/versions.properties was not filtered by the build: " + out);
    }
    return out;
  }

  static String expand(String text, String id, String cls) {
    return text.replace("__Id__", cls).replace("__id__", id);
  }

  private static String resource(String name) {
    try (InputStream in = NewDomainTool.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("scaffold template missing from the classpath: " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<String> lines(String text) {
    return text.lines().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
  }
}

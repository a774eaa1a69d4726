package dev.monotable.kit.scaffold;

import dev.monotable.kit.cli.Args;
import dev.monotable.kit.cli.OpsMain;
import dev.monotable.kit.cli.UsageException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * {@code scripts/new-domain <id>}: writes a new domain on the kit, with one entity and two access
 * patterns (put and get), into the project's modules, ready to build, document, run and deploy
 * (docs/new-domain.md), and adds its Lambda jar and its stack to the files all domains share. The
 * files come from the templates under {@code scaffold/} on the
 * classpath ({@code scaffold/files.txt} lists them); {@code __id__} and {@code __Id__} in a
 * template's path and text become the domain's package and class prefix.
 */
public final class NewDomainTool {

  static final String USAGE = """
      usage: scripts/new-domain <id> [--root DIR]

      Writes a new domain with one entity and two access patterns (PUT and GET of one item) into
      shared/, functions/ and scripts/ under the package dev.monotable.<id>, and registers it for the
      local service, the operator tools and the docs generator. Then (docs/new-domain.md):
        scripts/docs --domain <id>          its docs, in docs/<id>/
        scripts/dev --domain <id>           its API on http://127.0.0.1:3000
        npx cdk deploy <Id>Stack            its own table, functions and API

        <id>        lower-case letters and digits, 2-30, starting with a letter (e.g. notes)
        --root DIR  the project root to write into (default: the current directory)

      Exit status: 0 written, 1 failure, 2 bad usage (an invalid id, or a domain that exists already).""";

  /** Where a domain registers itself for the dev-time programs (ServiceLoader). */
  static final String REGISTRATION =
      "scripts/src/main/resources/META-INF/services/dev.monotable.kit.tools.DevDomain";

  /**
   * The lines a new domain adds to files the domains share, each before a marker line: its Lambda
   * jar (a shade execution) and its stack in the CDK app.
   */
  record Edit(String file, String marker, String snippet) {}

  static final List<Edit> EDITS = List.of(
      new Edit("functions/pom.xml", "<!-- new-domain: lambda jars -->", "scaffold/edits/functions-pom.xml"),
      new Edit("infra/src/main/java/dev/monotable/infra/MonotableApp.java", "// new-domain: stacks",
          "scaffold/edits/MonotableApp.java"));

  private static final Pattern ID = Pattern.compile("^[a-z][a-z0-9]{1,29}$");
  private static final Set<String> RESERVED = Set.of("kit", "infra", "bench", "testing", "app", "java", "dev");

  private NewDomainTool() {}

  public static void main(String[] args) {
    OpsMain.exec(USAGE, args, () -> {
      Args a = Args.parse(args, Set.of(), Set.of("--root"));
      if (a.positional().size() != 1) {
        throw new UsageException("give exactly one domain id");
      }
      Path root = Path.of(a.option("--root") == null ? "." : a.option("--root")).toAbsolutePath().normalize();
      List<Path> written = write(root, a.positional().get(0));
      written.forEach(p -> System.out.println("wrote " + root.relativize(p)));
      return 0;
    });
  }

  /**
   * Writes the domain's files under {@code root}, adds its Lambda jar and stack before the markers
   * of {@link #EDITS} and appends its registration; refuses (before writing anything) an invalid
   * id, one whose files already exist, or a root whose shared files lack a marker.
   *
   * @return the files written and edited, registration last
   */
  public static List<Path> write(Path root, String id) {
    if (!ID.matcher(id).matches() || RESERVED.contains(id)) {
      throw new UsageException("domain id must be 2-30 lower-case letters and digits, starting with a letter,"
          + " and not one of " + RESERVED.stream().sorted().toList() + ": " + id);
    }
    String cls = id.substring(0, 1).toUpperCase(Locale.ROOT) + id.substring(1);
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
      Path registration = root.resolve(REGISTRATION);
      Files.createDirectories(registration.getParent());
      Files.writeString(registration, "dev.monotable." + id + ".tools." + cls + "Dev\n", StandardCharsets.UTF_8,
          StandardOpenOption.CREATE, StandardOpenOption.APPEND);
      targets.add(registration);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return targets;
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

package dev.monotable.kit.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.cli.RepoRoot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Issue 35's released kit, as the repository states it (docs/releasing.md): a release version with no
 * SNAPSHOT wherever a team reads it, a changelog in the Keep a Changelog form with a section for it,
 * the last release's jars checked in as the API baseline, and the rule japicmp leaves to this test:
 * a version that leaves the baseline's line names every break in its changelog section.
 */
class ReleaseTest {

  static final Pattern RELEASE_HEADING = Pattern.compile("^## \\[(\\d+\\.\\d+\\.\\d+)\\] - (\\d{4}-\\d{2}-\\d{2})$", Pattern.MULTILINE);

  @Test
  void theVersion_isARelease_andTheScaffoldAndReadmeNameIt() throws IOException {
    Path root = RepoRoot.get();
    String version = ReleaseVersions.current(root);
    ReleaseVersions.parts(version);
    Properties scaffold = new Properties();
    Path filtered = root.resolve("shared/tools/target/classes/scaffold/standalone/versions.properties");
    if (Files.isRegularFile(filtered)) {
      try (var in = Files.newBufferedReader(filtered)) {
        scaffold.load(in);
      }
      assertEquals(version, scaffold.getProperty("kit.version"), "the standalone pom a team gets names this version");
    }
    String readme = Files.readString(root.resolve("README.md"));
    assertTrue(readme.contains("monotable-kit-bom:" + version), "README names the release a team imports");
    for (String pom : List.of("pom.xml", "shared/pom.xml", "shared/bom/pom.xml",
        "shared/tools/src/main/resources/scaffold/functions/__id__/pom.xml.tmpl")) {
      assertFalse(Files.readString(root.resolve(pom)).contains("-SNAPSHOT"), pom + " names a SNAPSHOT");
    }
  }

  @Test
  void theChangelog_keepsAChangelog_withAnUnreleasedSection_andOneForThisVersion() throws IOException {
    Path root = RepoRoot.get();
    String changelog = Files.readString(root.resolve("CHANGELOG.md"));
    assertTrue(changelog.startsWith("# Changelog\n"), "Keep a Changelog's title");
    int unreleased = changelog.indexOf("\n## [Unreleased]\n");
    assertTrue(unreleased > 0, "an [Unreleased] section");
    List<String> released = new ArrayList<>();
    Matcher m = RELEASE_HEADING.matcher(changelog);
    while (m.find()) {
      assertTrue(m.start() > unreleased, "[Unreleased] comes first");
      released.add(m.group(1));
    }
    assertTrue(released.contains(ReleaseVersions.current(root)), "a section for " + ReleaseVersions.current(root) + ": " + released);
    List<String> newestFirst = new ArrayList<>(released);
    newestFirst.sort((a, b) -> compare(b, a));
    assertEquals(newestFirst, released, "newest release first");
    for (String heading : changelog.lines().filter(l -> l.startsWith("### ")).toList()) {
      assertTrue(Set.of("### Added", "### Changed", "### Deprecated", "### Removed", "### Fixed", "### Security",
          "### Breaking").contains(heading), "a Keep a Changelog kind (or Breaking): " + heading);
    }
  }

  @Test
  void theBaseline_isTheLastRelease_everyKitJarOfIt_andNotAheadOfThisVersion() throws IOException {
    Path root = RepoRoot.get();
    String baseline = ReleaseVersions.baseline(root);
    Matcher named = Pattern.compile("<kit.api.baseline>([^<]+)</kit.api.baseline>").matcher(Files.readString(root.resolve("shared/pom.xml")));
    assertTrue(named.find());
    assertEquals(baseline, named.group(1), "shared/pom.xml's kit.api.baseline names the folder under shared/api-baseline/");
    for (String m : ReleaseVersions.KIT) {
      assertTrue(Files.isRegularFile(root.resolve("shared/api-baseline/" + baseline + "/monotable-kit-" + m + "-" + baseline + ".jar")), m);
    }
    assertTrue(compare(baseline, ReleaseVersions.current(root)) <= 0, "the baseline is a release before this version");
    assertTrue(Files.readString(root.resolve("CHANGELOG.md")).contains("\n## [" + baseline + "] - "), "the baseline was released");
  }

  /**
   * The build's own rule, on what japicmp reported for each kit artifact in this build (when it ran:
   * {@code mvn install} runs it before this module's tests).
   */
  @Test
  void aVersionThatLeavesTheBaselinesLine_namesEachBreakInItsChangelog() throws IOException {
    Path root = RepoRoot.get();
    Set<String> broken = new TreeSet<>();
    for (String m : ReleaseVersions.KIT) {
      Path report = root.resolve("shared/" + m + "/target/japicmp/api.xml");
      if (Files.isRegularFile(report)) {
        broken.addAll(incompatibleClasses(Files.readString(report)));
      }
    }
    String version = ReleaseVersions.current(root);
    String baseline = ReleaseVersions.baseline(root);
    List<String> unnamed = unnamedBreaks(Files.readString(root.resolve("CHANGELOG.md")), version, baseline, broken);
    assertEquals(List.of(), unnamed, "breaks CHANGELOG.md's [" + version + "] section does not name under ### Breaking");
  }

  @Test
  void theRule_refusesAnUnnamedBreak_onANewLine_andLeavesTheSameLineToJapicmp() {
    String changelog = "# Changelog\n\n## [Unreleased]\n\n## [0.2.0] - 2027-01-01\n\n### Breaking\n\n"
        + "- `dev.monotable.kit.Env`: LOG_LEVEL removed.\n\n## [0.1.0] - 2026-12-08\n";
    assertEquals(List.of(), unnamedBreaks(changelog, "0.2.0", "0.1.0", Set.of("dev.monotable.kit.Env")));
    assertEquals(List.of("dev.monotable.kit.data.TableGateway"),
        unnamedBreaks(changelog, "0.2.0", "0.1.0", Set.of("dev.monotable.kit.Env", "dev.monotable.kit.data.TableGateway")));
    assertEquals(List.of("dev.monotable.kit.Env"), unnamedBreaks(changelog.replace("### Breaking", "### Changed"), "0.2.0",
        "0.1.0", Set.of("dev.monotable.kit.Env")), "named, but not as a break");
    // 0.1.1 against 0.1.0: japicmp itself fails the build on any break (kit.api.refuseBreaks).
    assertEquals(List.of(), unnamedBreaks(changelog, "0.1.1", "0.1.0", Set.of("dev.monotable.kit.Env")));
    assertTrue(onNewLine("1.0.0", "0.9.3") && onNewLine("2.0.0", "1.4.0") && !onNewLine("1.4.0", "1.0.0"));
  }

  /** The broken classes a changelog section does not name under ### Breaking, when the version left the line. */
  static List<String> unnamedBreaks(String changelog, String version, String baseline, Set<String> broken) {
    if (!onNewLine(version, baseline) || broken.isEmpty()) {
      return List.of();
    }
    int start = changelog.indexOf("\n## [" + version + "]");
    if (start < 0) {
      return new ArrayList<>(broken);
    }
    int end = changelog.indexOf("\n## [", start + 1);
    String section = changelog.substring(start, end < 0 ? changelog.length() : end);
    int breaking = section.indexOf("\n### Breaking\n");
    String breaks = "";
    if (breaking >= 0) {
      int next = section.indexOf("\n### ", breaking + 1);
      breaks = section.substring(breaking, next < 0 ? section.length() : next);
    }
    List<String> unnamed = new ArrayList<>();
    for (String c : broken) {
      if (!breaks.contains(c)) {
        unnamed.add(c);
      }
    }
    return unnamed;
  }

  /** Before 1.0 the minor part is the line, from 1.0 on the major part (docs/releasing.md). */
  static boolean onNewLine(String version, String baseline) {
    int[] v = ReleaseVersions.parts(version);
    int[] b = ReleaseVersions.parts(baseline);
    return v[0] != b[0] || (v[0] == 0 && v[1] != b[1]);
  }

  /** Classes japicmp's XML report marks binary or source incompatible. */
  static Set<String> incompatibleClasses(String xml) {
    Set<String> out = new TreeSet<>();
    Matcher m = Pattern.compile("<class [^>]*>").matcher(xml);
    while (m.find()) {
      String tag = m.group();
      if (tag.contains("binaryCompatible=\"false\"") || tag.contains("sourceCompatible=\"false\"")) {
        Matcher name = Pattern.compile("fullyQualifiedName=\"([^\"]+)\"").matcher(tag);
        if (name.find()) {
          out.add(name.group(1).replace('$', '.'));
        }
      }
    }
    return out;
  }

  static int compare(String a, String b) {
    int[] x = ReleaseVersions.parts(a);
    int[] y = ReleaseVersions.parts(b);
    for (int i = 0; i < 3; i++) {
      if (x[i] != y[i]) {
        return Integer.compare(x[i], y[i]);
      }
    }
    return 0;
  }
}

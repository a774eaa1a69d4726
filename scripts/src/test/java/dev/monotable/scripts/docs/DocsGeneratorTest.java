package dev.monotable.scripts.docs;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.shared.catalog.AccessPattern;
import dev.monotable.shared.model.EntityCharts;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DocsGeneratorTest {

  @Test
  void render_shouldProduceTheThreeDocs_withoutTimestamps() {
    var files = DocsGenerator.render();
    assertEquals(List.of("docs/entity-chart.md", "docs/access-patterns.md", "docs/erd.md"), List.copyOf(files.keySet()));
    Pattern timestamp = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}");
    files.forEach((path, content) -> {
      assertTrue(content.startsWith(DocsGenerator.HEADER), path);
      assertTrue(content.endsWith("\n"), path);
      assertFalse(timestamp.matcher(content).find(), path + " contains a timestamp");
    });
  }

  @Test
  void entityChart_shouldPrintSpecRows_forTableAndIndexes() {
    String doc = EntityChartDoc.render();
    assertTrue(doc.contains("| Star | `ACCOUNT#{username}` | `STAR#{owner}#{repo}` | no timestamp in the SK"), doc);
    assertTrue(doc.contains("| Issue (open) | `ISSUE#{owner}#{repo}` | `ISSUE#OPEN#{rev8}` |\n"), doc);
    assertTrue(doc.contains("| Repository (a fork) | `REPO#{originalOwner}#{originalRepo}` | `FORK#{owner}` |\n"), doc);
    assertTrue(doc.contains("| Repository | `ACCOUNT#{owner}` | `#{ts of last update}` |\n"), doc);
    // variants with the same table keys collapse into one row
    assertTrue(doc.contains("| Issue | `ISSUE#{owner}#{repo}#{n8}` | `ISSUE#{owner}#{repo}#{n8}` |"), doc);
    assertFalse(doc.contains("| Issue (open) | `ISSUE#{owner}#{repo}#{n8}`"), doc);
  }

  @Test
  void accessPatterns_shouldHaveOneRowPerPattern_withRoutesAndGrants() {
    String doc = AccessPatternDoc.render();
    for (AccessPattern ap : AccessPattern.values()) {
      assertEquals(1, count(doc, "\n| " + ap.name() + " | "), ap.name());
    }
    assertTrue(doc.contains("| AP15 | `GET /users/{owner}/repos` ListAccountReposHandler<br>`GET /orgs/{org}/repos` "
        + "ListAccountReposHandler | OPTIONAL |"), doc);
    assertTrue(doc.contains("| dynamodb:BatchGetItem, dynamodb:Query (GSI1, GSI4) |"), doc);
  }

  @Test
  void erd_shouldDrawEveryRelationship_andNeverNameAnAttributeLikeAMermaidKeyMarker() {
    String doc = ErdDoc.render();
    assertTrue(doc.contains("    Repository ||--o{ Repository : \"forked to\"\n"), doc);
    assertTrue(doc.contains("    User ||--|| AccountEmail : \"reserves e-mail\"\n"), doc);
    // Mermaid's ER lexer reads PK/FK/UK in any case as a key marker: such a name breaks the diagram.
    Matcher m = Pattern.compile("(?m)^        (\\S+) (\\S+) \"").matcher(doc);
    List<String> names = new ArrayList<>();
    while (m.find()) {
      names.add(m.group(2));
    }
    assertFalse(names.isEmpty());
    names.forEach(n -> assertFalse(n.matches("(?i)PK|FK|UK"), n));
    for (String type : EntityCharts.types()) {
      assertEquals(1, count(doc, "\n    " + type + " {\n"), type);
    }
  }

  @Test
  void check_shouldReportMissingAndChangedFiles_whenDocsDrift(@TempDir Path root) throws Exception {
    // GIVEN freshly written docs
    DocsGenerator.write(root);
    assertEquals(List.of(), DocsGenerator.check(root));
    // WHEN one is edited by hand and one deleted
    Path chart = root.resolve("docs/entity-chart.md");
    Files.writeString(chart, Files.readString(chart).replace("`STAR#{owner}#{repo}`", "`STAR#{owner}#{repo}#{ts}`"));
    Files.delete(root.resolve("docs/erd.md"));
    // THEN both are reported, the edit with its line
    List<String> problems = DocsGenerator.check(root);
    assertEquals(2, problems.size(), problems.toString());
    assertTrue(problems.get(0).startsWith("docs/entity-chart.md: 1 line(s) differ, first at line "), problems.get(0));
    assertTrue(problems.get(0).contains("on disk:   | Star | `ACCOUNT#{username}` | `STAR#{owner}#{repo}#{ts}`"),
        problems.get(0));
    assertEquals("docs/erd.md: missing", problems.get(1));
  }

  @Test
  void run_shouldExitOne_whenCheckFindsDrift_andZero_whenCurrent(@TempDir Path root) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    String[] write = {"--root", root.toString()};
    String[] check = {"--check", "--root", root.toString()};
    assertEquals(0, DocsGenerator.run(write, print(out), print(err)));
    assertEquals(0, DocsGenerator.run(check, print(out), print(err)));
    Files.writeString(root.resolve("docs/access-patterns.md"), "stale\n");
    assertEquals(1, DocsGenerator.run(check, print(out), print(err)));
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("docs/access-patterns.md: "), err.toString());
    assertEquals(2, DocsGenerator.run(new String[] {"--bogus"}, print(out), print(err)));
  }

  private static PrintStream print(ByteArrayOutputStream b) {
    return new PrintStream(b, true, StandardCharsets.UTF_8);
  }

  private static int count(String haystack, String needle) {
    int n = 0;
    for (int i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + 1)) {
      n++;
    }
    return n;
  }
}

package dev.monotable.kit.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generator prints a domain that is not Forge ({@link TinyDomain}: one entity, one pattern, one
 * route) from its declarations alone: into its own folder, and with nothing of Forge in it.
 */
class OtherDomainDocsTest {

  private static final DocsDomain TINY = new TinyDomain().docs();

  @Test
  void write_shouldPutEveryDocInTheDomainsFolder_andNothingElsewhere(@TempDir Path root) throws IOException {
    // WHEN the tiny domain's docs are written
    List<Path> written = DocsGenerator.write(root, TINY);
    // THEN the five files are in docs/tiny, and they are all that was written
    assertEquals(List.of("docs/tiny/entity-chart.md", "docs/tiny/access-patterns.md", "docs/tiny/erd.md",
        "docs/tiny/api-contract.md", "docs/tiny/openapi.json"),
        written.stream().map(p -> root.relativize(p).toString().replace('\\', '/')).toList());
    try (Stream<Path> all = Files.walk(root)) {
      assertEquals(5, all.filter(Files::isRegularFile).count());
    }
    assertEquals(List.of(), DocsGenerator.check(root, TINY));
  }

  @Test
  void entityChart_shouldListExactlyTheDomainsEntity_inTheTableAndItsIndex() {
    String doc = EntityChartDoc.render(TINY);
    assertEquals(List.of("| Widget | `WIDGET#{id}` | `WIDGET#{id}` | one item per widget |"), rows(doc, "## Main table"));
    assertEquals(List.of("| Widget | `COLOUR#{colour}` | `WIDGET#{id}` |"), rows(doc, "## GSI1: widgets by colour"));
    assertTrue(doc.contains("and one overloaded GSI. Every item carries"), doc);
    assertTrue(doc.contains("Serves WP01."), doc);
  }

  @Test
  void accessPatterns_shouldListExactlyTheDomainsPatternAndRoute() {
    String doc = AccessPatternDoc.render(TINY);
    assertEquals(List.of("| WP01 | `GET /colours/{colour}/widgets` ListWidgetsHandler | NONE | list the widgets of a "
        + "colour | Query | GSI1 | `GSI1PK = COLOUR#{colour}` | colour | dynamodb:Query (GSI1) |"), rows(doc, "# Access patterns"));
    assertEquals(List.of("| `GET /colours/{colour}/widgets` | ListWidgetsHandler | NONE | WP01 | dynamodb:Query (GSI1) |"),
        rows(doc, "## Routes"));
    assertTrue(doc.contains("Every access pattern of the Tiny contract"), doc);
  }

  @Test
  void openApi_shouldHoldTheDomainsRouteAndSchemas_afterTheKitsErrorBody() throws Exception {
    Map<String, Object> doc = Json.readObject(OpenApiDoc.render(TINY));
    assertEquals(List.of("/colours/{colour}/widgets"), List.copyOf(map(doc.get("paths")).keySet()));
    assertEquals(List.of("Error", "Widget"), List.copyOf(map(map(doc.get("components")).get("schemas")).keySet()));
    assertEquals("Monotable Tiny API", map(doc.get("info")).get("title"));
    // one handler: its own package is the domain's handler package, so it is tagged like a root handler
    assertEquals("dev.example.tiny.functions.widgets", OpenApiDoc.handlerPackage(TINY.domain()));
    assertEquals("platform", OpenApiDoc.tag(OpenApiDoc.handlerPackage(TINY.domain()), TinyDomain.ROUTE));
  }

  @Test
  void everyDoc_shouldNameNothingOfForge() {
    // Forge's entities, key prefixes, patterns, route list and wording: none may leak into another domain's docs.
    List<String> forge = List.of("Forge", "forge", "Repository", "repositor", "ACCOUNT#", "AP01",
        "ApiShapes", "relationship-decisions", "Issue", "/users");
    DocsGenerator.render(TINY).forEach((path, content) -> {
      for (String word : forge) {
        assertFalse(content.contains(word), path + " names " + word + ":\n" + content);
      }
    });
  }

  /** The body rows of the first table after {@code heading}. */
  private static List<String> rows(String doc, String heading) {
    int at = doc.indexOf(heading + "\n");
    assertTrue(at >= 0, heading);
    List<String> out = new ArrayList<>();
    boolean inTable = false;
    for (String line : doc.substring(at).split("\n")) {
      if (line.startsWith("|")) {
        inTable = true;
        out.add(line);
      } else if (inTable) {
        break;
      }
    }
    return out.subList(2, out.size());
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object o) {
    return (Map<String, Object>) o;
  }
}

package dev.monotable.kit.docs;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.json.Json;
import dev.monotable.kit.tools.DevDomain;
import dev.monotable.kit.tools.DevDomains;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every registered domain's openapi.json and api-contract.md follow its routes one by one. */
class OpenApiDocTest {

  static Stream<Arguments> domains() {
    return DevDomains.all().stream().map(d -> Arguments.argumentSet(d.id(), d));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object o) {
    return (Map<String, Object>) o;
  }

  @ParameterizedTest
  @MethodSource("domains")
  void render_shouldBeParsableJson_withOneOperationPerCatalogEntry(DevDomain d) throws Exception {
    List<Endpoint> endpoints = d.domain().endpoints();
    Map<String, Object> doc = Json.readObject(OpenApiDoc.render(d.docs()));
    assertEquals("3.1.0", doc.get("openapi"));
    Map<String, Object> paths = map(doc.get("paths"));
    int operations = 0;
    for (Object item : paths.values()) {
      operations += map(item).size();
    }
    assertEquals(endpoints.size(), operations);
    Set<String> ids = new HashSet<>();
    for (Endpoint e : endpoints) {
      Map<String, Object> op = map(map(paths.get(e.path())).get(e.method().toLowerCase(Locale.ROOT)));
      assertNotNull(op, e.routeKey());
      assertTrue(ids.add((String) op.get("operationId")), "operationId unique: " + op.get("operationId"));
      // security per route: REQUIRED needs the bearer scheme, OPTIONAL allows anonymous or bearer, NONE neither
      List<?> security = (List<?>) op.get("security");
      assertEquals(switch (e.auth()) {
        case NONE -> List.of();
        case OPTIONAL -> List.of(Map.of(), Map.of("bearer", List.of()));
        case REQUIRED -> List.of(Map.of("bearer", List.of()));
      }, security, e.routeKey());
      // every {param} of the path is a required path parameter
      Matcher m = Pattern.compile("\\{(\\w+)}").matcher(e.path());
      List<?> parameters = (List<?>) op.getOrDefault("parameters", List.of());
      while (m.find()) {
        String name = m.group(1);
        assertTrue(parameters.stream().anyMatch(p -> name.equals(map(p).get("name")) && "path".equals(map(p).get("in"))
            && Boolean.TRUE.equals(map(p).get("required"))), e.routeKey() + " documents {" + name + "}");
      }
      Map<String, Object> responses = map(op.get("responses"));
      assertTrue(responses.containsKey("default"), e.routeKey());
      assertEquals(e.auth() != Auth.NONE, responses.containsKey("401"), e.routeKey() + " documents 401 iff it reads a token");
    }
  }

  @ParameterizedTest
  @MethodSource("domains")
  void render_shouldDescribeTheErrorShape_andCloseEveryAnswerSchema(DevDomain d) throws Exception {
    Map<String, Object> schemas = map(map(Json.readObject(OpenApiDoc.render(d.docs())).get("components"))
        .get("schemas"));
    Map<String, Object> error = map(map(map(schemas.get("Error")).get("properties")).get("error"));
    assertEquals(Set.of("code", "message", "field"), map(error.get("properties")).keySet());
    assertEquals(List.of("code", "message"), error.get("required"));
    for (Map.Entry<String, Object> s : schemas.entrySet()) {
      // closed: a key attribute (PK, GSI1SK...) leaking into an answer fails the e2e check
      assertEquals(false, map(s.getValue()).get("additionalProperties"), s.getKey());
    }
  }

  @ParameterizedTest
  @MethodSource("domains")
  void apiContract_shouldHaveASectionPerRoute_thatOpenApiLinksTo(DevDomain d) {
    String contract = ApiContractDoc.render(d.docs());
    for (String section : List.of("## Conventions", "## Input rules", "## Permissions", "## Routes", "## Stream effects")) {
      assertTrue(contract.contains("\n" + section + "\n"), section);
    }
    for (Endpoint e : d.domain().endpoints()) {
      assertTrue(contract.contains("\n### " + e.routeKey() + "\n"), e.routeKey());
      assertTrue(contract.contains("](#" + OpenApiDoc.anchor(e) + ")"), e.routeKey());
    }
  }
}

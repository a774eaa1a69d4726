package dev.monotable.kit.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.testing.OpenApiAnswers;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The check every answer of a served domain goes through (ServedDomain, the e2e clients) must catch
 * each kind of drift from the generated openapi.json, naming the route, the status, the JSON
 * pointer and the validator's message; an answer that conforms passes.
 */
class OpenApiAnswersTest {
  private static final String JSON = "application/json";
  private static final String ROUTE = "/colours/red/widgets";
  private static final String PAGE = "{\"items\":[{\"id\":\"w1\",\"colour\":\"red\"}],\"nextCursor\":null}";
  private static final String ERROR = "{\"error\":{\"code\":\"not_found\",\"message\":\"no such colour\"}}";

  private final OpenApiAnswers answers = OpenApiAnswers.of(new TinyDomain());

  @Test
  void problems_shouldBeEmpty_whenTheAnswerIsDocumented() {
    assertEquals(List.of(), answers.problems("GET", ROUTE, 200, JSON, PAGE));
    assertEquals(List.of(), answers.problems("GET", ROUTE + "?limit=1", 200, "application/json; charset=utf-8", PAGE));
    assertEquals(List.of(), answers.problems("GET", ROUTE, 404, JSON, ERROR));
    assertEquals(List.of(), answers.problems("GET", ROUTE, 400, JSON,
        "{\"error\":{\"code\":\"validation\",\"message\":\"bad\",\"field\":\"colour\"}}"));
    assertEquals(List.of(), answers.problems("GET", ROUTE, 503, JSON, ERROR), "default: 5xx");
    assertEquals(List.of(), answers.problems("GET", "/nowhere", 404, JSON, ERROR), "the runner's own 404");
    assertEquals(List.of(), answers.problems("GET", "/.well-known/jwks.json", 200, JSON, "{\"keys\":[]}"),
        "a 2xx off the API is not the document's");
  }

  @Test
  void problems_shouldNamePointerAndMessage_whenTheBodyDriftsFromItsSchema() {
    List<String> extra = answers.problems("GET", ROUTE, 200, JSON, PAGE.replace("{\"id\"", "{\"PK\":\"W#1\",\"id\""));
    assertEquals(1, extra.size(), extra.toString());
    assertTrue(extra.get(0).startsWith("GET /colours/{colour}/widgets (" + ROUTE + ") -> 200: /items/0: "), extra.get(0));
    assertTrue(extra.get(0).contains("PK") && extra.get(0).contains("additionalProperties"), extra.get(0));

    List<String> missing = answers.problems("GET", ROUTE, 200, JSON, "{\"items\":[]}");
    assertEquals(1, missing.size(), missing.toString());
    assertTrue(missing.get(0).contains("-> 200: /: ") && missing.get(0).contains("nextCursor")
        && missing.get(0).contains("required"), missing.get(0));

    List<String> type = answers.problems("GET", ROUTE, 200, JSON, PAGE.replace("\"w1\"", "1"));
    assertEquals(1, type.size(), type.toString());
    assertTrue(type.get(0).contains("/items/0/id: ") && type.get(0).contains("type"), type.get(0));

    List<String> error = answers.problems("GET", ROUTE, 404, JSON, "{\"error\":{\"message\":\"gone\"}}");
    assertEquals(1, error.size(), error.toString());
    assertTrue(error.get(0).contains("-> 404: /error: ") && error.get(0).contains("code"), error.get(0));

    List<String> runner = answers.problems("GET", "/nowhere", 404, JSON, "{\"message\":\"no route\"}");
    assertEquals(2, runner.size(), "the runner's own errors keep the error body: " + runner);
    assertTrue(runner.get(0).startsWith("GET /nowhere (no route) -> 404: /: "), runner.get(0));
  }

  @Test
  void problems_shouldRefuseAnUndocumentedStatus_aWrongContentType_andABodyThatIsNotJson() {
    assertEquals(List.of("GET /colours/{colour}/widgets (" + ROUTE + ") -> 201: status 201 is not documented for "
        + "GET /colours/{colour}/widgets (it lists 200, 400, 404, 413, default)"), answers.problems("GET", ROUTE, 201, JSON, PAGE));
    assertEquals(1, answers.problems("GET", ROUTE, 409, JSON, ERROR).size(), "a 4xx is not covered by default");
    assertEquals(List.of("GET /colours/{colour}/widgets (" + ROUTE + ") -> 200: Content-Type text/html where the "
        + "document says application/json"), answers.problems("GET", ROUTE, 200, "text/html", PAGE));
    assertTrue(answers.problems("GET", ROUTE, 200, JSON, "{\"items\":").get(0).contains("the body is not JSON"));
    assertTrue(answers.problems("GET", ROUTE, 200, JSON, "").get(0).contains("no body where the document"));
  }

  @Test
  void problems_shouldRefuseABody_whereTheDocumentHasNone() {
    // The same route documented as answering 204 without content, as a delete or a star does.
    ObjectNode document = (ObjectNode) new ObjectMapper().readTree(DocsGenerator.openApi(new TinyDomain().docs()));
    ObjectNode responses = (ObjectNode) document.at("/paths/~1colours~1{colour}~1widgets/get/responses");
    responses.remove("200");
    responses.putObject("204").put("description", "done; no body");
    OpenApiAnswers noContent = new OpenApiAnswers("tiny-204", new TinyDomain().domain().endpoints(),
        document.toString());
    assertEquals(List.of(), noContent.problems("GET", ROUTE, 204, null, ""));
    assertEquals(List.of("GET /colours/{colour}/widgets (" + ROUTE + ") -> 204: documented without a body, answered {}"),
        noContent.problems("GET", ROUTE, 204, JSON, "{}"));
  }

  @Test
  void check_shouldFailTheTest_withEveryProblem() {
    AssertionError e = assertThrows(AssertionError.class, () -> answers.check("GET", ROUTE, 200, JSON, "{\"items\":[]}"));
    assertTrue(e.getMessage().contains("nextCursor") && e.getMessage().contains("body: {\"items\":[]}"), e.getMessage());
  }
}

package dev.monotable.forge.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.forge.tools.ForgeDev;
import dev.monotable.kit.testing.OpenApiAnswers;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The check every e2e answer goes through (Forge's client, ServedDomain) catches each kind of drift
 * from Forge's openapi.json: a key attribute leaked, a field missing or of another type, a value
 * off its pattern, an undocumented status, a body where none is documented, an error body off its
 * shape.
 */
class OpenApiAnswersE2ETest {
  private static final String JSON = "application/json";
  private static final String USER = "{\"username\":\"alice\",\"email\":\"alice@example.com\",\"name\":null,"
      + "\"bio\":null,\"createdAt\":\"2026-01-01T00:00:00.000Z\",\"updatedAt\":\"2026-01-01T00:00:00.000Z\","
      + "\"version\":1}";

  private final OpenApiAnswers answers = OpenApiAnswers.of(new ForgeDev());

  @Test
  void problems_shouldBeEmpty_whenAnswerMatchesItsOperation() {
    assertEquals(List.of(), answers.problems("GET", "/users/alice", 200, JSON, USER));
    assertEquals(List.of(), answers.problems("PUT", "/user/starred/alice/hello-forge", 204, null, ""));
    assertEquals(List.of(), answers.problems("GET", "/users/nobody", 404, JSON,
        "{\"error\":{\"code\":\"not_found\",\"message\":\"user not found\"}}"));
    assertEquals(List.of(), answers.problems("GET", "/nowhere", 404, JSON,
        "{\"error\":{\"code\":\"not_found\",\"message\":\"no route for GET /nowhere\"}}"));
  }

  @Test
  void problems_shouldNameThePointer_whenBodyDriftsFromTheSchema() {
    assertProblem("/: property 'PK' is not defined", answers.problems("GET", "/users/alice", 200, JSON,
        USER.replace("{", "{\"PK\":\"ACCOUNT#alice\",")));
    assertProblem("/: required property 'version' not found", answers.problems("GET", "/users/alice", 200, JSON,
        USER.replace(",\"version\":1", "")));
    assertProblem("/version: string found, integer expected", answers.problems("GET", "/users/alice", 200, JSON,
        USER.replace("\"version\":1", "\"version\":\"1\"")));
    assertProblem("/username: does not match the regex pattern", answers.problems("GET", "/users/alice", 200, JSON,
        USER.replace("\"alice\"", "\"al/ice\"")));
    assertProblem("/createdAt: does not match the date-time pattern", answers.problems("GET", "/users/alice", 200, JSON,
        USER.replace("2026-01-01T00:00:00.000Z\",\"updated", "yesterday\",\"updated")));
  }

  @Test
  void problems_shouldReportUndocumentedStatuses_andBodiesWhereNoneIsDocumented() {
    assertEquals(List.of("GET /users/{username} (/users/alice) -> 201: status 201 is not documented for "
        + "GET /users/{username} (it lists 200, 400, 404, 413, default)"), answers.problems("GET", "/users/alice", 201, JSON, USER));
    assertEquals(List.of("PUT /user/starred/{owner}/{repo} (/user/starred/alice/r) -> 204: documented without a body, "
        + "answered {}"), answers.problems("PUT", "/user/starred/alice/r", 204, JSON, "{}"));
    assertProblem("/error: required property 'code' not found", answers.problems("GET", "/users/alice", 500, JSON,
        "{\"error\":{\"message\":\"internal error\"}}"));
  }

  private static void assertProblem(String expected, List<String> problems) {
    assertEquals(1, problems.size(), problems.toString());
    assertTrue(problems.get(0).contains(expected), problems.get(0));
  }
}

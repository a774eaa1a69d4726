package dev.monotable.forge.e2e;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The check every e2e answer goes through must catch each kind of drift from docs/forge/openapi.json. */
class OpenApiContractTest {

  private static final String USER = "{\"username\":\"alice\",\"email\":\"alice@example.com\",\"name\":null,"
      + "\"bio\":null,\"createdAt\":\"2026-01-01T00:00:00.000Z\",\"updatedAt\":\"2026-01-01T00:00:00.000Z\","
      + "\"version\":1}";

  private final OpenApiContract contract = OpenApiContract.committed();

  @Test
  void problems_shouldBeEmpty_whenAnswerMatchesItsOperation() {
    assertEquals(List.of(), contract.problems("GET", "/users/alice", 200, USER));
    assertEquals(List.of(), contract.problems("PUT", "/user/starred/alice/hello-forge", 204, ""));
    assertEquals(List.of(), contract.problems("GET", "/users/nobody", 404,
        "{\"error\":{\"code\":\"not_found\",\"message\":\"user not found\"}}"));
    assertEquals(List.of(), contract.problems("GET", "/nowhere", 404,
        "{\"error\":{\"code\":\"not_found\",\"message\":\"no route for GET /nowhere\"}}"));
  }

  @Test
  void problems_shouldNameTheField_whenBodyDriftsFromTheSchema() {
    assertEquals(List.of("GET /users/alice -> 200: $: PK is not in the document"),
        contract.problems("GET", "/users/alice", 200, USER.replace("{", "{\"PK\":\"ACCOUNT#alice\",")));
    assertEquals(List.of("GET /users/alice -> 200: $: missing version"),
        contract.problems("GET", "/users/alice", 200, USER.replace(",\"version\":1", "")));
    assertEquals(List.of("GET /users/alice -> 200: $.version: expected [integer], got \"1\""),
        contract.problems("GET", "/users/alice", 200, USER.replace("\"version\":1", "\"version\":\"1\"")));
    assertEquals(List.of("GET /users/alice -> 200: $.username: al/ice does not match "
            + "^[A-Za-z0-9](?:[A-Za-z0-9-]{0,37}[A-Za-z0-9])?$"),
        contract.problems("GET", "/users/alice", 200, USER.replace("\"alice\"", "\"al/ice\"")));
  }

  @Test
  void problems_shouldReportUndocumentedStatuses_andBodiesWhereNoneIsDocumented() {
    assertEquals(List.of("GET /users/alice -> 201: status 201 is not documented for GET /users/{username}"),
        contract.problems("GET", "/users/alice", 201, USER));
    assertEquals(List.of("PUT /user/starred/alice/r -> 204: documented without a body, answered {}"),
        contract.problems("PUT", "/user/starred/alice/r", 204, "{}"));
    assertEquals(List.of("GET /users/alice -> 500: $.error: missing code"),
        contract.problems("GET", "/users/alice", 500, "{\"error\":{\"message\":\"internal error\"}}"));
  }
}

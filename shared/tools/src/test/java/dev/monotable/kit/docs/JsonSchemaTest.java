package dev.monotable.kit.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.monotable.kit.data.PageRequest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonSchemaTest {

  @Test
  void object_shouldBeOpen_whileAnswersAreClosed() {
    // a request body may carry fields the schema does not list; an answer may not (a leaked key fails e2e)
    assertNull(JsonSchema.object(List.of("a"), "a", JsonSchema.string()).get("additionalProperties"));
    assertEquals(false, JsonSchema.record("a", JsonSchema.string()).get("additionalProperties"));
    assertEquals(List.of("a"), JsonSchema.record("a", JsonSchema.string()).get("required"));
    assertFalse(JsonSchema.closedObject(List.of(), "a", JsonSchema.string()).containsKey("required"));
  }

  @Test
  void paging_shouldAddLimitAndCursorAfterTheListsOwnParameters_withThePageRequestBounds() {
    Map<String, Map<String, Object>> q = JsonSchema.paging(Map.of("state", JsonSchema.string()));
    assertEquals(List.of("state", "limit", "cursor"), List.copyOf(q.keySet()));
    assertEquals((long) PageRequest.MAX_LIMIT, ((Number) q.get("limit").get("maximum")).longValue());
    assertEquals(PageRequest.DEFAULT_LIMIT, q.get("limit").get("default"));
  }

  @Test
  void page_shouldHoldItemsOfTheComponent_andANullableCursor() {
    Map<String, Object> page = JsonSchema.page("Widget");
    @SuppressWarnings("unchecked")
    Map<String, Map<String, Object>> props = (Map<String, Map<String, Object>>) page.get("properties");
    assertEquals(Map.of("$ref", "#/components/schemas/Widget"), props.get("items").get("items"));
    assertEquals(List.of("string", "null"), props.get("nextCursor").get("type"));
  }

  @Test
  void apiShapeFactories_shouldSetStatusAndBodies() {
    assertEquals(201, ApiShape.create("make", "Widget", JsonSchema.object(List.of())).status());
    assertEquals(204, ApiShape.empty("drop").status());
    assertNull(ApiShape.empty("drop").response());
    assertEquals(List.of("limit", "cursor"), List.copyOf(ApiShape.list("all", "Widget").query().keySet()));
  }
}

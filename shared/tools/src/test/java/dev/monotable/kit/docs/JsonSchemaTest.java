package dev.monotable.kit.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.networknt.schema.InputFormat;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.Dialects;
import dev.monotable.kit.catalog.BodyField;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.json.Json;
import dev.monotable.kit.keys.Template;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
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

  @Test
  void entity_shouldListItsVariantsAttributes_optional() {
    // Entity.values answers a variant's own attributes too (Social's follow above the threshold
    // answered "above", which the closed schema lacked): they are properties, never required.
    Template thing = Template.of("THING#{id}");
    Entity entity = Entity.of("Thing", thing, thing)
        .attributes(Attr.segment("Id", "id", Pattern.compile("^[a-z]+$"), "the id"),
            Attr.string("State", "state", "open or closed"))
        .variants(Entity.Variant.of("open", Entity.When.absent("closedAt")),
            Entity.Variant.of("closed", Entity.When.present("closedAt"))
                .attributes(Attr.string("ClosedAt", "closedAt", "when it closed")))
        .build();
    Map<String, Object> schema = JsonSchema.entity(entity);
    @SuppressWarnings("unchecked")
    Map<String, Object> properties = (Map<String, Object>) schema.get("properties");
    assertEquals(List.of("id", "state", "closedAt", "createdAt", "updatedAt"), List.copyOf(properties.keySet()));
    assertEquals(List.of("id", "state", "createdAt", "updatedAt"), schema.get("required"));
  }

  @Test
  void repeatable_shouldDocumentA200BesideThe201_onlyForACreate() {
    ApiShape follow = ApiShape.create("follow", "Follow", null).repeatable("already followed");
    assertEquals(201, follow.status());
    assertEquals("already followed", follow.repeat());
    assertNull(ApiShape.create("make", "Widget", null).repeat());
    assertThrows(IllegalStateException.class, () -> ApiShape.empty("drop").repeatable("again"));
  }

  @Test
  void boundedNumber_shouldPublishItsBound_asTheKitEnforcesIt() {
    Map<String, Object> value = JsonSchema.field(dev.monotable.kit.catalog.BodyField.number("value", 10));
    assertEquals(List.of("number", -10L, 10L), List.of(value.get("type"), value.get("exclusiveMinimum"),
        value.get("exclusiveMaximum")));
    assertFalse(JsonSchema.field(dev.monotable.kit.catalog.BodyField.number("any")).containsKey("exclusiveMaximum"));
  }

  @Test
  void requiringQuery_shouldMarkOnlyDeclaredParameters() {
    ApiShape search = new ApiShape("search", 200, JsonSchema.page("Widget"), null, false,
        JsonSchema.paging(Map.of("q", JsonSchema.string(1, 200))), false).requiringQuery("q");
    assertEquals(java.util.Set.of("q"), search.requiredQuery());
    assertThrows(IllegalArgumentException.class, () -> search.requiringQuery("from"));
  }

  @Test
  void textField_shouldBePublishedWithTheRuleTheServerHoldsItTo_soTheyAgreeOnEveryValue() {
    // Issue 36: a NUL or an invisible ending made "the same" e-mail a second account; what the server
    // refuses must be what the document says, judged by a JSON Schema validator, not by reading the regex.
    SchemaRegistry registry = SchemaRegistry.withDefaultDialect(Dialects.getOpenApi31());
    List<String> values = List.of("plain", "two\nlines\twith tab\r", "a\u0000", "a\u0007", "\u001b[31m", "a\u007f",
        "a\u0085", "a\u009f", "   ", "\n\t", "\u00a0", "\u3000\ufeff", "\u00a0x", "a\u200b", "caf\u00e9", "\uD83D\uDE00");
    for (BodyField f : List.of(BodyField.text("t", 0, 20), BodyField.text("t", 0, 20).nonBlank(),
        BodyField.text("t", 0, 20).noControl())) {
      var schema = registry.getSchema(Json.write(JsonSchema.field(f)));
      for (String v : values) {
        boolean server;
        try {
          f.accept(v);
          server = true;
        } catch (dev.monotable.kit.errors.ValidationException refused) {
          server = false;
        }
        boolean document = schema.validate(Json.write(v), InputFormat.JSON).isEmpty();
        assertEquals(server, document, f.text() + " " + Json.write(v));
      }
    }
    // and the rules themselves, so a lenient pair cannot agree by accepting everything
    BodyField any = BodyField.text("t", 0, 20);
    for (String v : List.of("a\u0000", "a\u0007", "\u001b[31m", "a\u007f", "a\u0085")) {
      assertThrows(dev.monotable.kit.errors.ValidationException.class, () -> any.accept(v), Json.write(v));
    }
    assertEquals("two\nlines\twith tab\r", any.accept("two\nlines\twith tab\r"));
    assertThrows(dev.monotable.kit.errors.ValidationException.class, () -> BodyField.text("t", 0, 20).nonBlank()
        .accept("\u00a0\u3000"));
    assertThrows(dev.monotable.kit.errors.ValidationException.class, () -> BodyField.text("t", 0, 20).noControl()
        .accept("a\nb"));
  }
}

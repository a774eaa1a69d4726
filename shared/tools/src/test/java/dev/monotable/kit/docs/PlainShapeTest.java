package dev.monotable.kit.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.BodyField;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.keys.Template;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** A plain route's API shape and its entity's answer schema come from the declarations, not a docs facet. */
class PlainShapeTest {

  static final Entity NOTE = Entity.of("Note", Template.of("NOTE#{note}"), Template.of("NOTE#{note}"))
      .attributes(Attr.segment("Note", "note", Pattern.compile("^[a-z0-9-]{1,20}$"), "the note's id"),
          Attr.string("Text", "text", "the note's text"))
      .versioned()
      .build();

  @Test
  void eachPlainCall_shouldHaveItsShape() {
    DeclaredPattern get = DeclaredPattern.get("N01", "get a note", NOTE);
    DeclaredPattern create = DeclaredPattern.create("N02", "create a note", NOTE);
    DeclaredPattern update = DeclaredPattern.update("N03", "edit a note", NOTE);
    DeclaredPattern remove = DeclaredPattern.remove("N04", "delete a note", NOTE);

    ApiShape read = ApiShape.plain(Endpoint.plain("GET", "/notes/{note}", Auth.NONE, get));
    assertEquals(200, read.status());
    assertEquals(JsonSchema.ref("Note"), read.response());

    BodyField text = BodyField.text("text", 1, 100).required();
    ApiShape created = ApiShape.plain(Endpoint.plain("PUT", "/notes/{note}", Auth.NONE, create).withBody(text));
    assertEquals(201, created.status());
    assertEquals(JsonSchema.body(List.of(text)), created.request());

    ApiShape edited = ApiShape.plain(Endpoint.plain("PATCH", "/notes/{note}", Auth.NONE, update).withBody(text));
    assertTrue(edited.ifMatch());
    ApiShape deleted = ApiShape.plain(Endpoint.plain("DELETE", "/notes/{note}", Auth.NONE, remove));
    assertEquals(204, deleted.status());
    assertNull(deleted.response());
  }

  @Test
  void entity_shouldAnswerItsFieldsVersionAndAudit() {
    Map<String, Object> schema = JsonSchema.entity(NOTE);
    @SuppressWarnings("unchecked")
    Map<String, Object> properties = (Map<String, Object>) schema.get("properties");
    assertEquals(List.of("note", "text", "version", "createdAt", "updatedAt"), List.copyOf(properties.keySet()));
    assertEquals(List.of("note", "text", "version", "createdAt", "updatedAt"), schema.get("required"));
    assertEquals(false, schema.get("additionalProperties"));
  }
}

package dev.monotable.kit.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.BodyField;
import dev.monotable.kit.catalog.Calls;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.KeyCondition;
import dev.monotable.kit.catalog.Operation;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.docs.DocsDomain.InputRule;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.schema.TableSchema;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A domain that words none of its docs gets every passage from its declarations: the rules of its
 * key segments and body fields, who may call each route, what its stream consumers do, what its
 * patterns may request. Forge and Devices word theirs; `scripts/docs --check` holds them unchanged.
 */
class DerivedPassagesTest {

  static final DeclaredPattern GET = DeclaredPattern.get("N01", "get a note", PlainShapeTest.NOTE);
  static final DeclaredPattern EDIT = DeclaredPattern.of("N02", "edit a note", Calls.of(Operation.UPDATE_ITEM),
      KeyCondition.plan("Update NOTE#{note}"), "note; body: text");
  static final DeclaredPattern PAIR = DeclaredPattern.of("N03", "link two notes",
      Calls.of(Operation.TRANSACT_WRITE_ITEMS), KeyCondition.plan("Put two"), "note");
  static final DeclaredPattern HEALTH = DeclaredPattern.of("N09", "liveness", Calls.none(), KeyCondition.none(), "")
      .allowing(0, "no table access");

  /** Plain and custom routes, an owner route, a group route, a stream consumer. */
  record Notes(List<StreamHandlerDeclaration> streams) implements Domain {
    @Override
    public String name() {
      return "Notes";
    }

    @Override
    public TableSchema schema() {
      return TableSchema.of();
    }

    @Override
    public List<? extends AccessPatternSpec> accessPatterns() {
      return List.of(GET, EDIT, PAIR, HEALTH);
    }

    @Override
    public List<Endpoint> endpoints() {
      return List.of(Endpoint.plain("GET", "/notes/{note}", Auth.NONE, GET),
          Endpoint.of("PATCH", "/notes/{note}", "x.EditHandler", Auth.REQUIRED, EDIT).ownedBy("note")
              .withBody(BodyField.text("text", 1, 100).required()),
          Endpoint.of("POST", "/notes/{note}/links", "x.LinkHandler", Auth.REQUIRED, GET).forGroup("editors")
              .withBody(BodyField.text("note", 1, 50), BodyField.text("label", 1, 20)),
          Endpoint.health(HEALTH));
    }
  }

  record Docs(Domain domain) implements DocsDomain {
    @Override
    public EntityModel entities() {
      return null;
    }
  }

  static final Docs QUIET = new Docs(new Notes(List.of()));

  @Test
  void keyRulesAndBodyFields_shouldBeTheInputRules() {
    // The body's note becomes a key: its key rule wins over its declared length.
    assertEquals(List.of(new InputRule("`note`", "matches `^[a-z0-9-]{1,20}$`"), new InputRule("`text`",
        "1..100 characters; no control characters but tab and line breaks"), new InputRule("`label`",
        "1..20 characters; no control characters but tab and line breaks")), QUIET.inputRules());
    assertEquals(JsonSchema.pattern("^[a-z0-9-]{1,20}$"), QUIET.pathParameter("note"));
    assertEquals("`{note}`: the note's id, matching `^[a-z0-9-]{1,20}$`.", QUIET.keySegments());
  }

  @Test
  void eachRoutesAuthAndAccess_shouldBeItsPermission() {
    assertEquals("""
        - `GET /notes/{note}`: anyone
        - `PATCH /notes/{note}`: only the user `{note}` names (403 for another)
        - `POST /notes/{note}/links`: members of the group `editors` (403 for others)
        - `GET /health`: anyone""", QUIET.permissions());
  }

  @Test
  void streamEffects_shouldNameEachConsumer_orNone() {
    assertEquals("None.", QUIET.streamEffects());
    Docs streaming = new Docs(new Notes(List.of(StreamHandlerDeclaration.builder("x.CountHandler").stream("ST1")
        .itemTypes("Note").eventNames("REMOVE", "INSERT").build())));
    assertEquals("- ST1 (`CountHandler`): on INSERT, REMOVE of Note", streaming.streamEffects());
  }

  @Test
  void requestBudget_shouldNameTransactionsAndOtherAllowances() {
    assertEquals("- Every access pattern is one DynamoDB request; a transaction is one: N03 (link two notes); "
        + "except N09 (liveness): 0, no table access.", QUIET.requestBudget());
  }

  @Test
  void health_shouldHaveItsShapeAndSchema_otherCustomRoutesNone() {
    Endpoint health = QUIET.domain().endpoint(Endpoint.HEALTH_ROUTE);
    assertEquals(JsonSchema.ref(JsonSchema.HEALTH), QUIET.shapeOf(health).response());
    assertEquals(List.of(JsonSchema.HEALTH, "Note"), List.copyOf(QUIET.allSchemas().keySet()));
    assertThrows(IllegalArgumentException.class, () -> QUIET.shapeOf(QUIET.domain().endpoints().get(1)));
    assertTrue(QUIET.folder().equals("docs/notes"));
  }
}

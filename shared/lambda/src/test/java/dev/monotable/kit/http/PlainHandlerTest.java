package dev.monotable.kit.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.BodyField;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.KeyCondition;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.json.Json;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TestDomain;
import dev.monotable.testing.TestTable;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Plain patterns are served by the kit from their declarations alone: a Get, a Query, a Put and a
 * Delete of one declared entity, against the real engine, with the exact items checked.
 */
@ExtendWith(DynamoDbExtension.class)
class PlainHandlerTest {

  static final Pattern ID = Pattern.compile("^[a-z0-9-]{1,32}$");
  static final Template CARD = Template.of("CARD#{card}");
  static final Template BOARD = Template.of("BOARD#{board}");

  static final Entity CARD_ENTITY = Entity.of("Card", CARD, CARD)
      .index(Gsi.GSI1, BOARD, CARD)
      .attributes(
          Attr.segment("Card", "card", ID, "the card's id"),
          Attr.segment("Board", "board", ID, "the board it is on"),
          Attr.string("Title", "title", "the card's title").changes(Attr.Change.VERSIONED),
          Attr.number("Points", "points", "its estimate").optional().changes(Attr.Change.VERSIONED))
      .versioned()
      .build();

  static final DeclaredPattern GET = DeclaredPattern.get("C01", "get a card", CARD_ENTITY);
  static final DeclaredPattern LIST = DeclaredPattern.list("C02", "a board's cards", CARD_ENTITY,
      KeyCondition.query(BOARD).on(Gsi.GSI1).beginsWith(Template.of("CARD#")));
  static final DeclaredPattern CREATE = DeclaredPattern.create("C03", "create a card", CARD_ENTITY);
  static final DeclaredPattern REMOVE = DeclaredPattern.remove("C04", "delete a card", CARD_ENTITY);
  static final DeclaredPattern UPDATE = DeclaredPattern.update("C05", "retitle or re-estimate a card", CARD_ENTITY);

  /** A pin is its owner's: anyone reads it, only its owner deletes it. */
  static final Entity PIN_ENTITY = Entity.of("Pin", Template.of("OWNER#{owner}"), CARD)
      .attributes(Attr.segment("Owner", "owner", ID, "whose pin"), Attr.segment("Card", "card", ID, "the card pinned"))
      .build();
  static final DeclaredPattern GET_PIN = DeclaredPattern.get("C06", "get a pin", PIN_ENTITY);
  static final DeclaredPattern REMOVE_PIN = DeclaredPattern.remove("C07", "delete one's pin", PIN_ENTITY);

  /** A pass expires: served by the kit, an expired pass is absent before the engine deletes it. */
  static final Entity PASS_ENTITY = Entity.of("Pass", Template.of("OWNER#{owner}"), Template.of("PASS#{pass}"))
      .attributes(Attr.segment("Owner", "owner", ID, "whose pass"), Attr.segment("Pass", "pass", ID, "its id"))
      .expires()
      .build();
  static final DeclaredPattern GET_PASS = DeclaredPattern.get("C08", "get a pass", PASS_ENTITY);
  static final DeclaredPattern CREATE_PASS = DeclaredPattern.create("C12", "issue a pass", PASS_ENTITY);
  static final DeclaredPattern LIST_PASSES = DeclaredPattern.list("C09", "an owner's passes", PASS_ENTITY,
      KeyCondition.query(Template.of("OWNER#{owner}")).beginsWith(Template.of("PASS#")));

  /** A door is opened and closed by its owner only: a state machine the kit serves. */
  static final Attr DOOR_STATE = Attr.string("State", "state", "open or closed; a new door has none: closed")
      .optional();
  static final Attr DOOR_OWNER = Attr.segment("Owner", "owner", ID, "whose door");
  static final Attr OPENED = Attr.string("OpenedAt", "openedAt", "when it was last opened").optional();
  static final Attr SHUT = Attr.string("ShutAt", "shutAt", "when it was last shut").optional();
  static final Entity DOOR_ENTITY = Entity.of("Door", Template.of("DOOR#{door}"), Template.of("DOOR#{door}"))
      .attributes(Attr.segment("Door", "door", ID, "its id"), DOOR_OWNER, DOOR_STATE, OPENED, SHUT)
      .versioned()
      .build();
  static final dev.monotable.kit.catalog.Transition DOORS = dev.monotable.kit.catalog.Transition
      .of(DOOR_ENTITY, DOOR_STATE).initially("closed")
      .to("open", OPENED, "closed").to("closed", SHUT, "open").ownedBy(DOOR_OWNER);
  static final DeclaredPattern OPEN_DOOR = DeclaredPattern.transition("C10", "open one's door",
      DOORS.only("open").byOwner());
  static final DeclaredPattern MOVE_DOOR = DeclaredPattern.transition("C11", "open or shut a door", DOORS);

  /** A domain of plain routes only: no handler class of its own. */
  static final Domain CARDS = new Domain() {
    @Override
    public String name() {
      return "Cards";
    }

    @Override
    public TableSchema schema() {
      return TestDomain.SCHEMA;
    }

    @Override
    public List<? extends AccessPatternSpec> accessPatterns() {
      return List.of(GET, LIST, CREATE, REMOVE, UPDATE, GET_PIN, REMOVE_PIN, GET_PASS, LIST_PASSES, OPEN_DOOR,
          MOVE_DOOR, CREATE_PASS);
    }

    @Override
    public List<Endpoint> endpoints() {
      return List.of(
          Endpoint.plain("GET", "/cards/{card}", Auth.NONE, GET),
          Endpoint.plain("GET", "/boards/{board}/cards", Auth.NONE, LIST),
          Endpoint.plain("PUT", "/boards/{board}/cards/{card}", Auth.NONE, CREATE)
              .withBody(BodyField.text("title", 1, 100).nonBlank().required(), BodyField.number("points")),
          Endpoint.plain("DELETE", "/cards/{card}", Auth.NONE, REMOVE),
          Endpoint.plain("PATCH", "/cards/{card}", Auth.NONE, UPDATE)
              .withBody(BodyField.text("title", 1, 100).nonBlank(), BodyField.number("points")),
          Endpoint.plain("GET", "/owners/{owner}/pins/{card}", Auth.NONE, GET_PIN),
          Endpoint.plain("DELETE", "/owners/{owner}/pins/{card}", Auth.REQUIRED, REMOVE_PIN).ownedBy("owner"),
          Endpoint.plain("GET", "/owners/{owner}/passes/{pass}", Auth.NONE, GET_PASS),
          Endpoint.plain("GET", "/owners/{owner}/passes", Auth.NONE, LIST_PASSES),
          Endpoint.plain("POST", "/doors/{door}/open", Auth.REQUIRED, OPEN_DOOR),
          Endpoint.plain("POST", "/doors/{door}/state", Auth.NONE, MOVE_DOOR)
              .withBody(BodyField.oneOf("state", List.of("open", "closed")).required()),
          Endpoint.plain("PUT", "/owners/{owner}/passes/{pass}", Auth.NONE, CREATE_PASS));
    }

    @Override
    public List<StreamHandlerDeclaration> streams() {
      return List.of();
    }
  };

  private final TestTable table;
  private final PlainHandler handler;

  PlainHandlerTest(TestTable table) {
    this.table = table;
    TableGateway gateway = table.gateway(MutableClock.at("2090-01-02T00:00:00.000Z"));
    this.handler = new PlainHandler(new DomainServices() {
      @Override
      public Domain domain() {
        return CARDS;
      }

      @Override
      public TableGateway table() {
        return gateway;
      }

      @Override
      public JwtVerifier verifier() {
        return null;
      }
    });
  }

  private APIGatewayV2HTTPResponse send(ApiEvent event) {
    return handler.handleRequest(event.build(), null);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> json(APIGatewayV2HTTPResponse r) throws Exception {
    return Json.readObject(r.getBody());
  }

  @Test
  void anExpiringEntity_shouldHideItsExpiredItems_fromGetAndList_andShowExpiresAt() throws Exception {
    long now = java.time.Instant.parse("2090-01-02T00:00:00.000Z").getEpochSecond();
    table.client().putItem(b -> b.tableName(table.name()).item(PASS_ENTITY.toItem(Map.of("owner", "ann", "pass", "old",
        "ttl", now - 1, "createdAt", "2090-01-01T00:00:00.000Z"))));
    table.client().putItem(b -> b.tableName(table.name()).item(PASS_ENTITY.toItem(Map.of("owner", "ann", "pass", "new",
        "ttl", now + 3600, "createdAt", "2090-01-01T00:00:00.000Z"))));

    var expired = send(ApiEvent.request("GET", "/owners/{owner}/passes/{pass}").path("owner", "ann").path("pass", "old"));
    assertEquals(404, expired.getStatusCode(), "expired, though the engine has not deleted it yet");
    var live = send(ApiEvent.request("GET", "/owners/{owner}/passes/{pass}").path("owner", "ann").path("pass", "new"));
    assertEquals(200, live.getStatusCode());
    assertEquals("2090-01-02T01:00:00.000Z", json(live).get("expiresAt"));
    var list = send(ApiEvent.request("GET", "/owners/{owner}/passes").path("owner", "ann"));
    assertEquals(List.of("new"), ((List<?>) json(list).get("items")).stream().map(i -> ((Map<?, ?>) i).get("pass"))
        .toList());
    assertTrue(table.item(new Key("OWNER#ann", "PASS#old")).isPresent());

    assertEquals(409, send(ApiEvent.request("PUT", "/owners/{owner}/passes/{pass}").path("owner", "ann")
        .path("pass", "new")).getStatusCode(), "a live pass is not replaced");
    var replaced = send(ApiEvent.request("PUT", "/owners/{owner}/passes/{pass}").path("owner", "ann")
        .path("pass", "old"));
    assertEquals(201, replaced.getStatusCode(), "an expired pass is absent: a create replaces it");
    assertTrue(!table.item(new Key("OWNER#ann", "PASS#old")).orElseThrow().containsKey("TTL"), "the new item");
  }

  @Test
  void aPlainTransition_shouldMoveTheItemInOneUpdate_andTellItsRefusalsApart() throws Exception {
    table.client().putItem(b -> b.tableName(table.name()).item(DOOR_ENTITY.toItem(Map.of("door", "d1", "owner", "ann",
        "createdAt", "2090-01-01T00:00:00.000Z"))));
    assertEquals(404, send(ApiEvent.request("POST", "/doors/{door}/open").path("door", "d1").as("zoe")).getStatusCode(),
        "another's door is not found");
    assertEquals(412, send(ApiEvent.request("POST", "/doors/{door}/open").path("door", "d1").as("ann")
        .header("if-match", "\"3\"")).getStatusCode());
    var opened = send(ApiEvent.request("POST", "/doors/{door}/open").path("door", "d1").as("ann")
        .header("if-match", "\"1\""));
    assertEquals(200, opened.getStatusCode(), opened.getBody());
    assertEquals(List.of("open", "2090-01-02T00:00:00.000Z", 2), List.of(json(opened).get("state"),
        json(opened).get("openedAt"), json(opened).get("version")));
    Map<String, AttributeValue> item = table.item(new Key("DOOR#d1", "DOOR#d1")).orElseThrow();
    assertEquals(List.of("open", "2090-01-02T00:00:00.000Z", "2"), List.of(item.get("State").s(),
        item.get("UpdatedAt").s(), item.get("Version").n()));
    assertEquals(200, send(ApiEvent.request("POST", "/doors/{door}/open").path("door", "d1").as("ann"))
        .getStatusCode(), "open already: answered as it is");

    var again = send(ApiEvent.request("POST", "/doors/{door}/state").path("door", "d1").body("{\"state\":\"open\"}"));
    assertEquals(200, again.getStatusCode(), "open already, through the route that takes the state");
    var shut = send(ApiEvent.request("POST", "/doors/{door}/state").path("door", "d1").body("{\"state\":\"closed\"}"));
    assertEquals(List.of(200, "closed", 3), List.of(shut.getStatusCode(), json(shut).get("state"),
        json(shut).get("version")));
    var refused = send(ApiEvent.request("POST", "/doors/{door}/state").path("door", "d9").body("{\"state\":\"x\"}"));
    assertEquals(400, refused.getStatusCode());
    assertEquals(404, send(ApiEvent.request("POST", "/doors/{door}/state").path("door", "d9")
        .body("{\"state\":\"open\"}")).getStatusCode());
  }

  @Test
  void create_shouldPutTheDeclaredItem_exactly_andRefuseItTwiceWith409() throws Exception {
    var r = send(ApiEvent.request("PUT", "/boards/{board}/cards/{card}").path("board", "b1").path("card", "c1")
        .body("{\"title\":\"Write the guide\",\"points\":1234567890123.4567890123456789012345678}"));
    assertEquals(201, r.getStatusCode(), r.getBody());
    Map<String, AttributeValue> item = table.item(new Key("CARD#c1", "CARD#c1")).orElseThrow();
    assertEquals("Card", item.get("Type").s());
    assertEquals("BOARD#b1", item.get("GSI1PK").s());
    assertEquals("CARD#c1", item.get("GSI1SK").s());
    assertEquals("Write the guide", item.get("Title").s());
    assertEquals("1234567890123.4567890123456789012345678", item.get("Points").n());
    assertEquals("2090-01-02T00:00:00.000Z", item.get("CreatedAt").s());
    assertEquals("c1", json(r).get("card"));

    var again = send(ApiEvent.request("PUT", "/boards/{board}/cards/{card}").path("board", "b1").path("card", "c1")
        .body("{\"title\":\"Another\"}"));
    assertEquals(409, again.getStatusCode());
    assertEquals("Write the guide", table.item(new Key("CARD#c1", "CARD#c1")).orElseThrow().get("Title").s());
  }

  @Test
  void create_shouldRefuseBadInput_with400_andWriteNothing() {
    for (String body : new String[] {"{\"title\":\" \"}", "{}", "{\"title\":\"x\",\"points\":1e-131}",
        "{\"title\":\"x\",\"colour\":\"red\"}"}) {
      var r = send(ApiEvent.request("PUT", "/boards/{board}/cards/{card}").path("board", "b2").path("card", "c2")
          .body(body));
      assertEquals(400, r.getStatusCode(), body);
    }
    var injected = send(ApiEvent.request("PUT", "/boards/{board}/cards/{card}").path("board", "b2")
        .path("card", "c2#CARD#x").body("{\"title\":\"x\"}"));
    assertEquals(400, injected.getStatusCode());
    assertTrue(table.item(new Key("CARD#c2", "CARD#c2")).isEmpty());
  }

  @Test
  void aDeclaredFieldSentAsNull_shouldBeRefusedNamingIt_asTheDocumentTypesItWithoutNull() throws Exception {
    // "points": null was taken for absent and stored nothing, though openapi.json types points as a number.
    var r = send(ApiEvent.request("PUT", "/boards/{board}/cards/{card}").path("board", "b6").path("card", "c6")
        .body("{\"title\":\"x\",\"points\":null}"));
    assertEquals(400, r.getStatusCode(), r.getBody());
    assertEquals("points", ((Map<?, ?>) json(r).get("error")).get("field"));
    assertTrue(table.item(new Key("CARD#c6", "CARD#c6")).isEmpty());
    var title = send(ApiEvent.request("PUT", "/boards/{board}/cards/{card}").path("board", "b6").path("card", "c6")
        .body("{\"title\":null}"));
    assertEquals(List.of(400, "title"), List.of(title.getStatusCode(), ((Map<?, ?>) json(title).get("error")).get("field")));
  }

  @Test
  void get_list_andDelete_shouldEachMakeTheDeclaredRequest() throws Exception {
    for (String c : List.of("c3", "c4")) {
      send(ApiEvent.request("PUT", "/boards/{board}/cards/{card}").path("board", "b3").path("card", c)
          .body("{\"title\":\"Card " + c + "\"}"));
    }
    var got = send(ApiEvent.request("GET", "/cards/{card}").path("card", "c3"));
    assertEquals(200, got.getStatusCode());
    assertEquals(Map.of("card", "c3", "board", "b3", "title", "Card c3", "version", 1, "createdAt",
        "2090-01-02T00:00:00.000Z", "updatedAt", "2090-01-02T00:00:00.000Z"), json(got));
    assertEquals("\"1\"", got.getHeaders().get("etag"));
    assertEquals(404, send(ApiEvent.request("GET", "/cards/{card}").path("card", "none")).getStatusCode());

    var page = send(ApiEvent.request("GET", "/boards/{board}/cards").path("board", "b3").query("limit", "1"));
    assertEquals(200, page.getStatusCode());
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> items = (List<Map<String, Object>>) json(page).get("items");
    assertEquals(List.of("c3"), items.stream().map(i -> i.get("card")).toList());
    String cursor = (String) json(page).get("nextCursor");
    var next = send(ApiEvent.request("GET", "/boards/{board}/cards").path("board", "b3").query("cursor", cursor));
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> rest = (List<Map<String, Object>>) json(next).get("items");
    assertEquals(List.of("c4"), rest.stream().map(i -> i.get("card")).toList());
    assertNull(json(next).get("nextCursor"));

    assertEquals(204, send(ApiEvent.request("DELETE", "/cards/{card}").path("card", "c3")).getStatusCode());
    assertTrue(table.item(new Key("CARD#c3", "CARD#c3")).isEmpty());
    assertEquals(204, send(ApiEvent.request("DELETE", "/cards/{card}").path("card", "c3")).getStatusCode());
  }

  @Test
  void update_shouldSetTheSentFields_onTheVersion_andRefuseStaleOrMissingOnes() throws Exception {
    send(ApiEvent.request("PUT", "/boards/{board}/cards/{card}").path("board", "b5").path("card", "c5")
        .body("{\"title\":\"Draft\"}"));
    var updated = send(ApiEvent.request("PATCH", "/cards/{card}").path("card", "c5").header("if-match", "\"1\"")
        .body("{\"title\":\"Final\",\"points\":3}"));
    assertEquals(200, updated.getStatusCode(), updated.getBody());
    Map<String, AttributeValue> item = table.item(new Key("CARD#c5", "CARD#c5")).orElseThrow();
    assertEquals("Final", item.get("Title").s());
    assertEquals("3", item.get("Points").n());
    assertEquals("2", item.get("Version").n());
    assertEquals("b5", item.get("Board").s());
    assertEquals(2, json(updated).get("version"));

    var stale = send(ApiEvent.request("PATCH", "/cards/{card}").path("card", "c5").header("if-match", "\"1\"")
        .body("{\"title\":\"Lost\"}"));
    assertEquals(412, stale.getStatusCode(), stale.getBody());
    assertEquals("Final", table.item(new Key("CARD#c5", "CARD#c5")).orElseThrow().get("Title").s());
    assertEquals(404, send(ApiEvent.request("PATCH", "/cards/{card}").path("card", "none")
        .body("{\"title\":\"x\"}")).getStatusCode());
    assertEquals(400, send(ApiEvent.request("PATCH", "/cards/{card}").path("card", "c5").body("{}")).getStatusCode());
    assertEquals(400, send(ApiEvent.request("PATCH", "/cards/{card}").path("card", "c5")
        .body("{\"board\":\"b9\"}")).getStatusCode(), "a key attribute is no body field");
    assertEquals("2", table.item(new Key("CARD#c5", "CARD#c5")).orElseThrow().get("Version").n());
  }

  @Test
  void plainRoutes_shouldBeGrantedTheirPatternsCalls_eachAFunctionOfItsOwn() {
    List<Endpoint> routes = CARDS.endpoints();
    assertEquals(Set.of(DynamoAction.GET_ITEM), routes.get(0).actions());
    assertEquals(Set.of(DynamoAction.QUERY), routes.get(1).actions());
    assertEquals(Set.of(Gsi.GSI1), routes.get(1).indexes());
    assertEquals(Set.of(DynamoAction.PUT_ITEM), routes.get(2).actions());
    assertEquals(Set.of(DynamoAction.DELETE_ITEM), routes.get(3).actions());
    assertEquals(Set.of(DynamoAction.UPDATE_ITEM), routes.get(4).actions());
    assertEquals(List.of("C01Route", "C02Route", "C03Route", "C04Route", "C05Route", "C06Route", "C07Route",
        "C08Route", "C09Route", "C10Route", "C11Route", "C12Route"),
        routes.stream().map(Endpoint::handlerName).toList());
    assertEquals(routes.size(), routes.stream().map(Endpoint::functionKey).distinct().count());
    assertEquals("card", GET.parameters());
    assertEquals("board; limit, cursor", LIST.parameters());
  }

  @Test
  void eachPlainRoute_shouldHaveItsOwnAuth_andAnOwnedRouteServeOnlyItsOwner() {
    // guards: one handler class serves every plain route, so the first route's auth was applied to
    // all of them, and an ownedBy route let any caller delete another's item
    table.put(PIN_ENTITY.toItem(Map.of("owner", "ann", "card", "c9")));
    Key pin = new Key("OWNER#ann", "CARD#c9");
    assertEquals(200, send(ApiEvent.request("GET", "/owners/{owner}/pins/{card}").path("owner", "ann")
        .path("card", "c9")).getStatusCode());
    assertEquals(401, send(ApiEvent.request("DELETE", "/owners/{owner}/pins/{card}").path("owner", "ann")
        .path("card", "c9")).getStatusCode());
    assertEquals(403, send(ApiEvent.request("DELETE", "/owners/{owner}/pins/{card}").path("owner", "ann")
        .path("card", "c9").as("zoe")).getStatusCode());
    assertTrue(table.item(pin).isPresent(), "refused: nothing deleted");
    assertEquals(204, send(ApiEvent.request("DELETE", "/owners/{owner}/pins/{card}").path("owner", "ann")
        .path("card", "c9").as("Ann")).getStatusCode());
    assertTrue(table.item(pin).isEmpty());
  }

  @Test
  void theCatalogsName_shouldBeThisHandlersClass() {
    assertEquals(PlainHandler.class.getName(), Endpoint.PLAIN_HANDLER);
  }

  @Test
  void aPlainRoute_whoseKeyHasNoPathParameter_shouldFailWhenDeclared() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Endpoint.plain("GET", "/cards", Auth.NONE, GET));
    assertEquals("GET /cards: {card} of C01's key needs a path parameter of that name", e.getMessage());
  }
}

package dev.monotable.kit.catalog;

import static dev.monotable.kit.catalog.KeyCondition.get;
import static dev.monotable.kit.catalog.KeyCondition.plan;
import static dev.monotable.kit.catalog.KeyCondition.query;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.monotable.kit.keys.Template;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A route's least-privilege grants come from its patterns' declared calls and indexes. */
class EndpointGrantsTest {

  static final Template OWNER = Template.of("OWNER#{owner}");

  @Test
  void of_shouldGrantEveryOperationItsPatternsMayMake_andTheIndexesTheyQuery() {
    DeclaredPattern dashboard = DeclaredPattern.of("X01", "head and items", Calls.of(Operation.QUERY)
        .sometimes(Operation.GET_ITEM), query(OWNER).on(Gsi.GSI1), "owner");
    Endpoint e = Endpoint.of("GET", "/owners/{owner}", "x.DashboardHandler", Auth.REQUIRED, dashboard);
    assertEquals(Set.of(DynamoAction.QUERY, DynamoAction.GET_ITEM), e.actions());
    assertEquals(Set.of(Gsi.GSI1), e.indexes());

    DeclaredPattern record = DeclaredPattern.of("X02", "read then write", Calls.then(Operation.GET_ITEM,
        Operation.PUT_ITEM), get(OWNER, OWNER), "owner");
    Endpoint w = Endpoint.of("POST", "/owners/{owner}", "x.RecordHandler", Auth.REQUIRED, record);
    assertEquals(Set.of(DynamoAction.GET_ITEM, DynamoAction.PUT_ITEM), w.actions());
    assertEquals(Set.of(), w.indexes());
  }

  @Test
  void of_shouldRefuseATransaction_whoseActionsOnlyTheRouteCanName() {
    DeclaredPattern tx = DeclaredPattern.of("X03", "two items at once", Calls.of(Operation.TRANSACT_WRITE_ITEMS),
        plan("Put A + Put B"), "owner");
    assertEquals("PUT /owners/{owner}: X03 writes a transaction: declare the actions of its parts",
        assertThrows(IllegalArgumentException.class,
            () -> Endpoint.of("PUT", "/owners/{owner}", "x.PutHandler", Auth.REQUIRED, tx)).getMessage());
  }

  @Test
  void named_shouldNameTheFunctionOfARouteTheKitServes_andKeepItsGrants() {
    DeclaredPattern read = DeclaredPattern.of("X04", "one item", Calls.of(Operation.GET_ITEM), get(OWNER, OWNER),
        "owner");
    Endpoint derived = Endpoint.route("GET", "/owners/{owner}", Auth.REQUIRED, read).ownedBy("owner");
    Endpoint named = Endpoint.route("GET", "/owners/{owner}", Auth.REQUIRED, read).named("GetOwnerHandler", "owners")
        .ownedBy("owner");
    assertEquals("X04Route", derived.handlerName());
    assertEquals(null, derived.area());
    assertEquals("GetOwnerHandler", named.handlerName());
    assertEquals("owners", named.area());
    assertEquals("GET /owners/{owner}", derived.functionKey());
    assertEquals("GetOwnerHandler", named.functionKey(), "routes of one name share a function");
    assertEquals(Endpoint.ROUTE_HANDLER, named.handlerClass());
    assertEquals(derived.actions(), named.actions());
    assertEquals(derived.access(), named.access());
    assertEquals("X04", named.metricPattern());
  }

  @Test
  void named_shouldBeRefused_forARouteItsOwnHandlerClassNames() {
    DeclaredPattern read = DeclaredPattern.of("X05", "one item", Calls.of(Operation.GET_ITEM), get(OWNER, OWNER),
        "owner");
    Endpoint e = Endpoint.of("GET", "/owners/{owner}", "x.GetOwnerHandler", Auth.REQUIRED, read);
    assertThrows(IllegalArgumentException.class, () -> e.named("Other", "owners"));
  }
}

package dev.monotable.kit.catalog;

import static dev.monotable.kit.catalog.KeyCondition.get;
import static dev.monotable.kit.catalog.KeyCondition.query;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.monotable.kit.catalog.KeyCondition.Part;
import dev.monotable.kit.data.TableGateway.QuerySpec;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** One declaration gives the docs' key condition and the request the data layer sends. */
class KeyConditionTest {

  static final Template OWNER = Template.of("OWNER#{owner}");
  static final Template THING = Template.of("THING#{thing}");
  static final Template LOG = Template.of("THING#{thing}#LOG#{ts}");

  @Test
  void get_shouldRenderAndBuildTheItemKey() {
    KeyCondition.GetKey key = get(OWNER, THING);
    assertEquals("PK = OWNER#{owner}, SK = THING#{thing}", key.render());
    assertEquals(new Key("OWNER#ann", "THING#t1"), key.key(Map.of("owner", "ann", "thing", "t1")));
  }

  @Test
  void beginsWith_onAnIndex_shouldRenderAndBuildTheQuery() {
    KeyCondition.QueryKey q = query(OWNER).on(Gsi.GSI1).beginsWith(Template.of("THING#"));
    assertEquals("GSI1PK = OWNER#{owner} AND begins_with(GSI1SK, THING#)", q.render());
    assertEquals(QuerySpec.index(Gsi.GSI1, "OWNER#ann", "THING#"), q.spec(Map.of("owner", "ann")));
  }

  @Test
  void between_withRenamedPlaceholders_descending_andANote_shouldRenderAndBuildTheQuery() {
    KeyCondition.QueryKey q = query(OWNER)
        .between(Part.of(LOG).as("ts", "from"), Part.of(Template.of("THING#{thing}#LOG#{ts}#~")).as("ts", "to"))
        .descending().note("clamped to the retention");
    assertEquals("PK = OWNER#{owner} AND SK BETWEEN THING#{thing}#LOG#{from} AND THING#{thing}#LOG#{to}#~ "
        + "(descending; clamped to the retention)", q.render());
    assertEquals(QuerySpec.between(null, "OWNER#ann", "THING#t1#LOG#2026", "THING#t1#LOG#2027#~").newestFirst(),
        q.spec(Map.of("owner", "ann", "thing", "t1", "from", "2026", "to", "2027")));
  }

  @Test
  void atLeast_shouldQueryUpToTheHighestPrintableKey() {
    KeyCondition.QueryKey q = query(Template.of("ACTIVE")).on(Gsi.GSI2).atLeast(Part.of(Template.of("{since}")));
    assertEquals("GSI2PK = ACTIVE AND GSI2SK >= {since}", q.render());
    assertEquals(QuerySpec.between(Gsi.GSI2, "ACTIVE", "2026-01-01", "~"), q.spec(Map.of("since", "2026-01-01")));
  }

  @Test
  void aMissingValue_orAnUnknownPlaceholder_shouldBeRefusedByName() {
    assertEquals("OWNER#{owner} needs a value for {owner}",
        assertThrows(IllegalArgumentException.class, () -> query(OWNER).spec(Map.of())).getMessage());
    assertEquals("OWNER#{owner} has no placeholder {user}",
        assertThrows(IllegalArgumentException.class, () -> Part.of(OWNER).as("user", "x")).getMessage());
  }

  @Test
  void calls_shouldRenderSequencesAlternativesAndOccasionalReads() {
    assertEquals("UpdateItem + TransactWriteItems",
        Calls.then(Operation.UPDATE_ITEM, Operation.TRANSACT_WRITE_ITEMS).render());
    assertEquals("GetItem / BatchGetItem", Calls.either(Operation.GET_ITEM, Operation.BATCH_GET_ITEM).render());
    assertEquals("Query (+ GetItem)", Calls.of(Operation.QUERY).sometimes(Operation.GET_ITEM).render());
    assertEquals("none", Calls.none().render());
    assertEquals(java.util.List.of(Operation.QUERY, Operation.GET_ITEM),
        Calls.of(Operation.QUERY).sometimes(Operation.GET_ITEM).all());
  }

  @Test
  void aPattern_shouldBuildOnlyTheRequestItsKeyConditionDeclares() {
    DeclaredPattern list = DeclaredPattern.of("X01", "things of an owner", Calls.of(Operation.QUERY),
        query(OWNER).beginsWith(Template.of("THING#")), "owner");
    assertEquals(QuerySpec.table("OWNER#ann", "THING#"), list.queryFor(Map.of("owner", "ann")));
    assertEquals("X01 does not read one item by key: PK = OWNER#{owner} AND begins_with(SK, THING#)",
        assertThrows(IllegalStateException.class, () -> list.itemKey(Map.of("owner", "ann"))).getMessage());
  }
}

package dev.monotable.kit.cdk;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.migrate.OldDesign;
import dev.monotable.kit.migrate.OldDesign.Index;
import dev.monotable.kit.migrate.OldDesign.Read;
import dev.monotable.kit.migrate.OldDesign.Table;
import dev.monotable.testing.TestDomain;
import dev.monotable.testing.TestDomain.TestPattern;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A stage's migration phase, read from the context, and what a route may read of the old design: exactly its
 * switched patterns' old calls, nothing for a pattern reading new. No synthesis: plain data.
 */
class MigrationStageTest {

  private static final OldDesign OLD = OldDesign.of(new Table("Notes", "noteId", List.of()),
          new Table("Authors", "authorId", List.of(new Index("ByAuthor", "author", "noteId"))))
      .reads(TestPattern.TP01, Read.get("Notes"))
      .reads(TestPattern.TP02, Read.query("Authors", "ByAuthor"));

  @Test
  void fromContext_shouldBeNone_whenNoPhaseIsDeclared_andTellTheFunctionsNothing() {
    MigrationStage none = MigrationStage.fromContext(null, null, null);
    assertEquals(MigrationStage.NONE, none);
    assertEquals(Map.of(), none.environment());
    assertFalse(none.keepsOldTables());
  }

  @Test
  void eachPhase_shouldKeepProtectAndTellWhatItDeclares() {
    MigrationStage dual = MigrationStage.fromContext("dual", "TP01=old,TP02=both", "legacy");
    assertEquals(Map.of("MIGRATION_MODE", "DUAL", "MIGRATION_READS", "TP01=old,TP02=both",
        "MIGRATION_OLD_PREFIX", "legacy"), dual.environment());
    assertTrue(dual.keepsOldTables() && dual.protectsOldTables());

    MigrationStage newOnly = MigrationStage.fromContext("new-only", null, "old");
    assertEquals(Map.of("MIGRATION_MODE", "NEW_ONLY", "MIGRATION_OLD_PREFIX", "old"), newOnly.environment());
    assertTrue(newOnly.keepsOldTables() && newOnly.protectsOldTables());

    MigrationStage retiring = MigrationStage.fromContext("retiring", null, null);
    assertTrue(retiring.keepsOldTables());
    assertFalse(retiring.protectsOldTables(), "retiring is the one step that makes the old tables deletable");

    MigrationStage retired = MigrationStage.fromContext("retired", "*=new", null);
    assertFalse(retired.keepsOldTables());
    assertEquals(Map.of("MIGRATION_MODE", "NEW_ONLY", "MIGRATION_READS", "*=new"), retired.environment());
  }

  @Test
  void aContradictoryDeclaration_shouldFailSynthesis_sayingWhy() {
    assertEquals("context 'migration' must be none, dual, new-only, retiring or retired, not 'done'",
        assertThrows(IllegalArgumentException.class, () -> MigrationStage.fromContext("done", null, null)).getMessage());
    assertEquals("context 'migrationReads' reads the old design, which only the dual phase does; at new-only every "
        + "pattern reads new", assertThrows(IllegalArgumentException.class,
            () -> MigrationStage.fromContext("new-only", "TP01=both", null)).getMessage());
    assertThrows(IllegalArgumentException.class, () -> MigrationStage.fromContext("retired", "*=old", null));
    assertThrows(IllegalArgumentException.class, () -> MigrationStage.fromContext(null, "TP01=old", null));
    assertThrows(IllegalArgumentException.class, () -> MigrationStage.fromContext("dual", "TP01=sideways", null));
    assertThrows(IllegalArgumentException.class, () -> MigrationStage.fromContext("dual", null, "no spaces"));
    assertThrows(IllegalArgumentException.class,
        () -> MigrationStage.fromContext("dual", "TP03=old", null).readSwitch(OLD), "TP03 has no old read");
  }

  @Test
  void oldTableAccess_shouldGrantExactlyTheSwitchedPatternsOldCalls() {
    MigrationStage dual = MigrationStage.fromContext("dual", "TP01=old,TP02=both", null);
    assertEquals(Map.of("dynamodb:GetItem", Set.of("Notes")),
        OldTableAccess.of(TestDomain.DOMAIN.endpoint("GET /notes/{id}"), OLD, dual.readSwitch(OLD)).grants());
    assertEquals(Map.of("dynamodb:Query", Set.of("Authors/index/ByAuthor")),
        OldTableAccess.of(TestDomain.DOMAIN.endpoint("GET /authors/{author}/notes"), OLD, dual.readSwitch(OLD))
            .grants());
    // A pattern reading new, or one with no old read, is granted nothing of the old design.
    MigrationStage partly = MigrationStage.fromContext("dual", "TP02=old", null);
    assertTrue(OldTableAccess.of(TestDomain.DOMAIN.endpoint("GET /notes/{id}"), OLD, partly.readSwitch(OLD)).none());
    assertTrue(OldTableAccess.of(TestDomain.DOMAIN.endpoint("PUT /notes/{id}"), OLD,
        MigrationStage.fromContext("dual", "*=old", null).readSwitch(OLD)).none());
  }
}

package dev.monotable.functions;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.shared.data.TableGateway;
import dev.monotable.shared.keys.Segments;
import dev.monotable.shared.keys.Ulid;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TestTable;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(DynamoDbExtension.class)
class PrimingTest {

  @Test
  void beforeCheckpoint_shouldReadNothingIntoTheTable_andNeverThrow(TestTable table) {
    TableGateway gateway = table.gateway(MutableClock.at("2026-01-01T00:00:00Z"));
    int before = table.scanAll().size();

    new Priming(new Services(gateway, null)).beforeCheckpoint(null);

    // priming is one GetItem of a key that never exists: nothing is written
    assertEquals(before, table.scanAll().size());
  }

  @Test
  void beforeCheckpoint_shouldSwallowFailures_soASnapshotIsNeverBlocked(TestTable table) {
    TableGateway missingTable = new TableGateway(table.client(), "no-such-table", table.cursors(),
        MutableClock.at("2026-01-01T00:00:00Z"));
    assertDoesNotThrow(() -> new Priming(new Services(missingTable, null)).beforeCheckpoint(null));
  }

  @Test
  void afterRestore_shouldLeaveUlidGenerationWorking_withAFreshRandomSource(TestTable table) {
    Priming priming = new Priming(new Services(table.gateway(MutableClock.at("2026-01-01T00:00:00Z")), null));
    String before = Ulid.next(Instant.parse("2026-01-01T00:00:00Z"));
    priming.afterRestore(null);
    String after = Ulid.next(Instant.parse("2026-01-01T00:00:00Z"));
    assertNotEquals(before, after);
    assertEquals(after, Segments.ulid("id", after));
  }
}

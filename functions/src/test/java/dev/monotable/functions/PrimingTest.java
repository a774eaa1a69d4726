package dev.monotable.functions;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.shared.data.TableGateway;
import dev.monotable.shared.keys.Segments;
import dev.monotable.shared.keys.Ulid;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TestTable;
import java.time.Instant;
import java.util.Random;
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
  void afterRestore_shouldGiveEachRestoredCopyItsOwnUlids_thoughTheSnapshotFrozeOneGenerator(TestTable table) {
    Priming priming = new Priming(new Services(table.gateway(MutableClock.at("2026-01-01T00:00:00Z")), null));
    Instant now = Instant.parse("2026-01-01T00:00:00Z");
    try {
      // GIVEN the generator state a snapshot froze: every copy restored from it starts with this seed
      Ulid.useRandom(new Random(42));
      String firstCopy = Ulid.next(now);
      Ulid.useRandom(new Random(42));
      String secondCopyWithoutReseed = Ulid.next(now);
      // (without a reseed, two copies mint the same ULID in the same millisecond: duplicate keys)
      assertEquals(firstCopy, secondCopyWithoutReseed);

      // WHEN a copy is restored through the CRaC hook
      Ulid.useRandom(new Random(42));
      priming.afterRestore(null);
      String restoredCopy = Ulid.next(now);

      // THEN its random part differs from the frozen sequence, and it is still a valid ULID
      assertNotEquals(firstCopy.substring(10), restoredCopy.substring(10));
      assertEquals(firstCopy.substring(0, 10), restoredCopy.substring(0, 10), "same millisecond");
      assertEquals(restoredCopy, Segments.ulid("id", restoredCopy));
    } finally {
      Ulid.reseed();
    }
  }
}

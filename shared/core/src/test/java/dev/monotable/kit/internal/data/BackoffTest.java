package dev.monotable.kit.internal.data;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The one retry of unprocessed batch work: its pauses, its attempts, and when it gives up. */
class BackoffTest {

  @Test
  void pauseMillis_shouldBeNoneFirst_thenDoubleFrom50MsUpTo1s() {
    List<Long> pauses = new ArrayList<>();
    for (int attempt = 0; attempt < Backoff.ATTEMPTS; attempt++) {
      pauses.add(Backoff.pauseMillis(attempt));
    }
    assertEquals(List.of(0L, 50L, 100L, 200L, 400L, 800L, 1000L, 1000L), pauses);
  }

  @Test
  void untilDone_shouldRetryWithWhatWasLeft_untilNothingIs() {
    // GIVEN work of three items, of which each attempt processes one
    List<List<Integer>> attempts = new ArrayList<>();

    // WHEN
    Backoff.untilDone(List.of(1, 2, 3), left -> {
      attempts.add(left);
      return left.subList(1, left.size());
    }, List::isEmpty, "test left items");

    // THEN three attempts, each with what the one before left
    assertEquals(List.of(List.of(1, 2, 3), List.of(2, 3), List.of(3)), attempts);
  }

  @Test
  void untilDone_shouldMakeNoAttempt_whenThereIsNoWork() {
    Backoff.untilDone(List.<Integer>of(), left -> fail("no attempt expected"), List::isEmpty, "test");
  }

  @Test
  void untilDone_shouldGiveUpAfterEightAttempts_namingWhatWasLeft() {
    // GIVEN an attempt that never processes anything (waits 3.55 s in all before giving up)
    int[] calls = {0};

    IllegalStateException e = assertThrows(IllegalStateException.class, () -> Backoff.untilDone(List.of(1),
        left -> {
          calls[0]++;
          return left;
        }, List::isEmpty, "BatchWriteItem left writes"));

    assertEquals(Backoff.ATTEMPTS, calls[0]);
    assertEquals("BatchWriteItem left writes unprocessed after 8 attempts", e.getMessage());
  }
}

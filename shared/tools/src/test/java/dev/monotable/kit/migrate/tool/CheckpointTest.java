package dev.monotable.kit.migrate.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The backfill's checkpoint: each segment's position survives the process, and only the same run resumes it. */
class CheckpointTest {
  @TempDir
  Path dir;

  @Test
  void aSavedPosition_shouldBeReadBackByTheNextRun_keyAttributesOfEveryKind() {
    Map<String, AttributeValue> key = Map.of("id", AttributeValue.fromS("a=b;c:d"), "n", AttributeValue.fromN("12"),
        "b", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {0, 1, (byte) 255})));
    Checkpoint first = Checkpoint.open(dir.resolve("c"), "Old->New", 4);
    first.save("Old", 1, key);
    first.save("Old", 2, null);

    Checkpoint next = Checkpoint.open(dir.resolve("c"), "Old->New", 4);

    assertEquals(key, next.startKey("Old", 1));
    assertTrue(next.begun("Old", 1));
    assertFalse(next.done("Old", 1));
    assertTrue(next.done("Old", 2));
    assertEquals(null, next.startKey("Old", 2));
    assertFalse(next.begun("Old", 0));
  }

  @Test
  void aCheckpointOfAnotherPlanOrSegmentCount_shouldBeRefused_notResumedFromTheWrongPlace() {
    Checkpoint.open(dir.resolve("c"), "Old->New", 4);

    assertThrows(IllegalStateException.class, () -> Checkpoint.open(dir.resolve("c"), "Old->New", 8));
    assertThrows(IllegalStateException.class, () -> Checkpoint.open(dir.resolve("c"), "Other->New", 4));
  }
}

package dev.monotable.kit.migrate.lambda;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.migrate.Divergence;
import dev.monotable.kit.migrate.ReadSwitch;
import dev.monotable.kit.log.Emf;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** A migration's divergences and read differences: one JSON line each, with its metric, keys only. */
class MigrationSignalsTest {

  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final MigrationSignals signals = new MigrationSignals("devices",
      new PrintStream(bytes, true, StandardCharsets.UTF_8), Clock.fixed(Instant.ofEpochMilli(1_764_000_000_123L),
      ZoneOffset.UTC));

  private String written() {
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void divergences_shouldWriteOneLine_withTheOldTableAndKey_andTheMetricByOldTable() {
    signals.divergences().accept(new Divergence("PutItem", "legacy-Devices", "{deviceId=Lamp#2}", "old",
        "the single table refused it: device: not allowed"));

    assertEquals("{\"level\":\"WARN\",\"migration\":\"divergence\",\"operation\":\"PutItem\","
        + "\"oldKey\":\"{deviceId=Lamp#2}\",\"acceptedBy\":\"old\",\"reason\":\"the single table refused it: device: "
        + "not allowed\",\"service\":\"devices\",\"oldTable\":\"legacy-Devices\",\"MigrationDivergences\":1,"
        + "\"_aws\":{\"Timestamp\":1764000000123,\"CloudWatchMetrics\":[{\"Namespace\":\"" + Emf.namespace()
        + "\",\"Dimensions\":[[\"service\",\"oldTable\"]],\"Metrics\":[{\"Name\":\"MigrationDivergences\","
        + "\"Unit\":\"Count\"}]}]}}\n", written());
  }

  @Test
  void readSwitch_shouldWriteOneDifferenceLine_withoutEitherAnswer_andCountTheReadsOfEachSide() {
    ReadSwitch reads = ReadSwitch.parse("AP03=both,AP01=old", ReadSwitch.Side.NEW, signals.reads());

    assertEquals("old answer", reads.read("AP03", "user=u1 device=d1", () -> "old answer", () -> "new answer"));

    String[] lines = written().split("\n");
    assertEquals(2, lines.length, written());
    assertEquals("{\"level\":\"DEBUG\",\"migration\":\"reads\",\"side\":\"both\",\"service\":\"devices\","
        + "\"accessPattern\":\"AP03\",\"MigrationOldReads\":1,\"MigrationNewReads\":1,\"_aws\":{\"Timestamp\":"
        + "1764000000123,\"CloudWatchMetrics\":[{\"Namespace\":\"" + Emf.namespace() + "\",\"Dimensions\":"
        + "[[\"service\",\"accessPattern\"]],\"Metrics\":[{\"Name\":\"MigrationOldReads\",\"Unit\":\"Count\"},"
        + "{\"Name\":\"MigrationNewReads\",\"Unit\":\"Count\"}]}]}}", lines[0]);
    assertEquals("{\"level\":\"WARN\",\"migration\":\"read-difference\",\"key\":\"user=u1 device=d1\","
        + "\"served\":\"old\",\"service\":\"devices\",\"accessPattern\":\"AP03\",\"MigrationReadDifferences\":1,"
        + "\"_aws\":{\"Timestamp\":1764000000123,\"CloudWatchMetrics\":[{\"Namespace\":\"" + Emf.namespace()
        + "\",\"Dimensions\":[[\"service\",\"accessPattern\"]],\"Metrics\":[{\"Name\":\"MigrationReadDifferences\","
        + "\"Unit\":\"Count\"}]}]}}", lines[1]);
    assertFalse(written().contains("answer"), "no answer in a line: " + written());
  }

  @Test
  void readSwitch_shouldWriteNothingMore_forAPatternReadingNew_norForAgreeingSides() {
    ReadSwitch reads = ReadSwitch.parse("AP03=both", ReadSwitch.Side.NEW, signals.reads());

    assertEquals("same", reads.read("AP01", "user=u1", () -> fail("the old side is not read"), () -> "same"));
    assertEquals("", written());
    assertEquals("same", reads.read("AP03", "user=u1", () -> "same", () -> "same"));
    assertFalse(written().contains("read-difference"), written());
    assertEquals(1, written().split("\n").length);
  }
}

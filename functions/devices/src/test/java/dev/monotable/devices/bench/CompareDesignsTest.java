package dev.monotable.devices.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.devices.bench.CompareDesigns.Result;
import dev.monotable.devices.bench.CompareDesigns.Row;
import dev.monotable.devices.bench.CompareDesigns.Tally;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.LocalDynamoDb;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A small run of scripts/compare-designs on the test engine (3 users, 30 devices, 300 events):
 * each pattern's requests on both designs, pinned, and both designs giving the same answers to
 * every call, which is what makes the measured comparison fair.
 */
class CompareDesignsTest {
  private static final int USERS = 3;
  private static final int RUNS = 3;
  private static Result result;
  private static String progress;

  @BeforeAll
  static void run() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    result = CompareDesigns.run(LocalDynamoDb.endpoint(), DynamoDbExtension.region(),
        new CompareDesigns.Options(USERS, RUNS, RUNS, RUNS, 7), new PrintStream(err, true, StandardCharsets.UTF_8));
    progress = err.toString(StandardCharsets.UTF_8);
  }

  /** Pattern to {requests per call, the calls in order} of the entity-first peer. */
  private static final Map<SeedPattern, String> PEER = Map.ofEntries(
      Map.entry(SeedPattern.PROFILE, "1 GetItem"),
      Map.entry(SeedPattern.DEVICES, "1 Query"),
      Map.entry(SeedPattern.DEVICE, "1 GetItem"),
      Map.entry(SeedPattern.DEVICE_EVENTS, "1 Query"),
      Map.entry(SeedPattern.USER_EVENTS, "1 Query"),
      Map.entry(SeedPattern.UPDATE_STATUS, "1 UpdateItem"),
      Map.entry(SeedPattern.ADD_DEVICE, "1 TransactWriteItems"),
      // the events' Query, one BatchWriteItem of 10 deletes, the device's DeleteItem
      Map.entry(SeedPattern.DELETE_DEVICE, "3 Query, BatchWriteItem, DeleteItem"),
      Map.entry(SeedPattern.EVENTS_OF_TYPE, "1 Query"),
      // one COUNT Query per status; each fits one page at this size
      Map.entry(SeedPattern.COUNT_BY_STATUS, "3 Query ×3"),
      Map.entry(SeedPattern.ACTIVE_USERS, "1 Scan"),
      // the profile, the devices, then one Query per device (10) for its 10 newest events: the seed's loop
      Map.entry(SeedPattern.DASHBOARD, "12 GetItem, Query ×11"),
      Map.entry(SeedPattern.DASHBOARD_AS_SEED_SHOWS, "12 GetItem, Scan ×11"));

  /** The single-table side: every pattern the Devices domain serves, each pinned. */
  private static final Map<SeedPattern, String> SINGLE = Map.ofEntries(
      Map.entry(SeedPattern.PROFILE, "1 GetItem"),
      Map.entry(SeedPattern.DEVICES, "1 Query"),
      Map.entry(SeedPattern.DEVICE, "1 GetItem"),
      Map.entry(SeedPattern.DEVICE_EVENTS, "1 Query"),
      Map.entry(SeedPattern.USER_EVENTS, "1 Query"),
      Map.entry(SeedPattern.UPDATE_STATUS, "1 UpdateItem"),
      Map.entry(SeedPattern.ADD_DEVICE, "1 TransactWriteItems"),
      // mark the device, its events and tags, one BatchWriteItem of their deletes, then the device
      Map.entry(SeedPattern.DELETE_DEVICE, "4 UpdateItem, Query, BatchWriteItem, TransactWriteItems"),
      // one Query per write shard of the event type's GSI2 partition, merged
      Map.entry(SeedPattern.EVENTS_OF_TYPE, "8 Query ×8"),
      // the stream-kept counter shards in one BatchGetItem
      Map.entry(SeedPattern.COUNT_BY_STATUS, "1 BatchGetItem"),
      Map.entry(SeedPattern.ACTIVE_USERS, "1 Query"),
      Map.entry(SeedPattern.DASHBOARD, "1 Query"),
      Map.entry(SeedPattern.DASHBOARD_AS_SEED_SHOWS, "1 Query"));

  private static String requests(Tally t) {
    assertEquals(t.minRequests(), t.maxRequests(), "the same requests on every run");
    return t.minRequests() + " " + t.operations();
  }

  @Test
  void everyPattern_shouldMakeItsPinnedRequests_onBothDesigns() {
    for (SeedPattern p : SeedPattern.values()) {
      Row row = result.row(p);
      assertEquals(PEER.get(p), requests(row.peer()), "entity-first " + p);
      if (SINGLE.containsKey(p)) {
        assertEquals(SINGLE.get(p), requests(row.single()), "single-table " + p);
      } else {
        assertNull(row.single(), "single-table " + p + " now runs: pin its requests in SINGLE");
      }
    }
  }

  @Test
  void bothDesigns_shouldGiveTheSameAnswer_toEveryMeteredCall() {
    Set<SeedPattern> compared = EnumSet.noneOf(SeedPattern.class);
    for (Row row : result.rows()) {
      if (row.landed()) {
        assertEquals(RUNS, row.compared(), row.pattern() + " compared on every run");
        assertEquals(row.compared(), row.agreed(), row.pattern() + ": " + row.firstDifference());
        compared.add(row.pattern());
      }
    }
    assertEquals(SINGLE.keySet(), compared);
  }

  @Test
  void itemsRead_shouldShowTheScans_andTheDashboardsLoop() {
    int devices = USERS * DesignsDataset.DEVICES_PER_USER;
    int events = devices * DesignsDataset.EVENTS_PER_DEVICE;
    // The seed's dashboard: the profile, a Scan of every device, then a Scan of every event per device.
    assertEquals(1 + devices + DesignsDataset.DEVICES_PER_USER * events,
        result.row(SeedPattern.DASHBOARD_AS_SEED_SHOWS).peer().itemsReadPerCall());
    // With the seed's indexes: the profile, the user's 10 devices, the 10 newest events of each.
    assertEquals(1 + DesignsDataset.DEVICES_PER_USER + DesignsDataset.DEVICES_PER_USER * DesignsDataset.EVENTS_PER_DEVICE,
        result.row(SeedPattern.DASHBOARD).peer().itemsReadPerCall());
    // The single table: the profile and the 10 devices, each carrying its 10 newest events.
    assertEquals(1 + DesignsDataset.DEVICES_PER_USER, result.row(SeedPattern.DASHBOARD).single().itemsReadPerCall());
    // Active users scan every event (none was deleted before it runs).
    assertEquals(events, result.row(SeedPattern.ACTIVE_USERS).peer().itemsReadPerCall());
  }

  @Test
  void capacity_shouldChargeTheScansForWhatTheyRead() {
    double scanned = result.row(SeedPattern.DASHBOARD_AS_SEED_SHOWS).peer().unitsPerCall().read();
    double queried = result.row(SeedPattern.DASHBOARD).single().unitsPerCall().read();
    assertTrue(queried <= 1.5, "11 items, the devices carrying 10 readings, in one eventually consistent Query: "
        + queried);
    assertTrue(scanned > 20 * queried, "the Scans read every event ten times over: " + scanned);
    assertTrue(result.row(SeedPattern.UPDATE_STATUS).peer().unitsPerCall().write() >= 1);
  }

  @Test
  void report_shouldSetTheClaimsBesideTheFigures() {
    String md = CompareDesigns.markdown(result);
    assertTrue(md.startsWith("# Devices: seed 002's before/after, measured\n"), md);
    assertTrue(md.contains("| D | dashboard: profile, devices, each device's 10 newest events | 12 (GetItem, Query ×11) "
        + "| 1 (Query) |"), md);
    assertTrue(md.contains("| 91% fewer operations"), md);
    assertTrue(md.contains("| dashboard 2-3 s → 200 ms"), md);
    assertTrue(md.contains("| $180 → $35 a month"), md);
    assertTrue(!md.contains("## Not measured yet on the single-table side"), "every pattern is measured: " + md);
    assertTrue(!progress.contains("(single-table: not landed)"), progress);
  }
}

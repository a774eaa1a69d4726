package dev.monotable.kit.migrate.tool;

import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.migrate.MigrationPlan;
import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicBoolean;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A domain's migration from an older design onto its single table: what {@code scripts/migrate} needs of
 * it. The old tables are named by a prefix ({@code --old-prefix}), so a rehearsal and the real tables
 * differ only by it.
 */
public interface MigrationDomain {

  /** The old tables (named from {@code oldPrefix}) with their mappings onto {@code newTable}. */
  MigrationPlan plan(String oldPrefix, String newTable);

  /** The read patterns on both designs: the old tables', and the single table's through {@code table}. */
  DesignPatterns patterns(DynamoDbClient client, String oldPrefix, TableGateway table);

  /**
   * A rehearsal's old design: creates the old tables (and nothing else) and loads a dataset of
   * {@code scale} into them, reporting progress. Returns the items written.
   */
  long loadOld(DynamoDbClient client, String oldPrefix, int scale, PrintStream progress);

  /**
   * A rehearsal's traffic: the old design's own writes (new items, updates, deletions) through
   * {@code dual}, which dual-writes, until {@code stop} is set; returns a summary of what it was
   * acknowledged. {@code tools} may scan (to find the old design's keys); {@code dual} may not.
   */
  String traffic(DynamoDbClient tools, DynamoDbClient dual, String oldPrefix, AtomicBoolean stop, long seed);
}

package dev.monotable.devices.bench;

import dev.monotable.devices.migrate.DevicesMigration;
import dev.monotable.devices.EntityFirstTables;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.migrate.MigrationPlan;
import dev.monotable.kit.migrate.tool.DesignPatterns;
import dev.monotable.kit.migrate.tool.MigrationDomain;
import dev.monotable.kit.ops.BatchWrites;
import java.io.PrintStream;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;

/**
 * {@code scripts/migrate --domain devices}: seed 002's entity-first tables ({@code <prefix>-Users},
 * {@code -Devices}, {@code -Events}) onto the Devices table. A rehearsal loads {@link DesignsDataset} (scale:
 * users; 10 devices and 100 events each) and runs {@link MigrationTraffic}.
 */
public final class DevicesMigrationDomain implements MigrationDomain {

  @Override
  public MigrationPlan plan(String oldPrefix, String newTable) {
    return DevicesMigration.plan(EntityFirstTables.prefixed(oldPrefix), newTable);
  }

  @Override
  public DesignPatterns patterns(DynamoDbClient client, String oldPrefix, TableGateway table) {
    return new DevicesPatterns(client, EntityFirstTables.prefixed(oldPrefix), table);
  }

  @Override
  public long loadOld(DynamoDbClient client, String oldPrefix, int scale, PrintStream progress) {
    EntityFirstTables old = EntityFirstTables.prefixed(oldPrefix);
    for (CreateTableRequest r : old.createTableRequests()) {
      client.createTable(r);
      client.waiter().waitUntilTableExists(DescribeTableRequest.builder().tableName(r.tableName()).build());
    }
    DesignsDataset data = new DesignsDataset(scale, Instant.now().truncatedTo(ChronoUnit.SECONDS), 1);
    BatchWrites.write(client, old.users(), data::peerUsers, data.users(), progress);
    BatchWrites.write(client, old.devices(), data::peerDevices, data.devices(), progress);
    BatchWrites.write(client, old.events(), data::peerEvents, data.events(), progress);
    return (long) data.users() + data.devices() + data.events();
  }

  @Override
  public String traffic(DynamoDbClient tools, DynamoDbClient dual, String oldPrefix, AtomicBoolean stop, long seed) {
    EntityFirstTables old = EntityFirstTables.prefixed(oldPrefix);
    MigrationTraffic traffic = new MigrationTraffic(dual, old, MigrationTraffic.devices(tools, old),
        Instant.now().minusSeconds(3600), seed);
    return traffic.run(stop, 0).toString();
  }
}

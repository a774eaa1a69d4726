package dev.monotable.kit.ops;

import dev.monotable.kit.schema.TableSchema;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.TestTable;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;

/** Test helpers of the operator tools, for any domain: fresh tables, their items, captured output. */
public final class OpsFixtures {

  private OpsFixtures() {}

  /**
   * A table of its own for one test (created from the domain's schema like DynamoDbExtension's, on
   * the same server), for tools that scan or rewrite the whole table; deleted on close.
   */
  public static final class FreshTable implements AutoCloseable {
    public final TestTable table;

    public FreshTable(String label, TableSchema schema) {
      DynamoDbClient client = DynamoDbExtension.newClient();
      String name = "monotable-ops-" + label + "-" + UUID.randomUUID().toString().substring(0, 8);
      client.createTable(schema.createTableRequest(name));
      client.waiter().waitUntilTableExists(DescribeTableRequest.builder().tableName(name).build());
      client.updateTimeToLive(TableSchema.enableTtlRequest(name));
      table = new TestTable(client, name);
    }

    public DynamoDbClient client() {
      return table.client();
    }

    public String name() {
      return table.name();
    }

    @Override
    public void close() {
      table.client().deleteTable(DeleteTableRequest.builder().tableName(table.name()).build());
      table.client().close();
    }
  }

  /**
   * Every item, for tests that already allowed scanning ({@link TestTable#scanAll()} would forbid
   * it again when done, failing the tool run that follows).
   */
  public static List<Map<String, AttributeValue>> items(TestTable table) {
    List<Map<String, AttributeValue>> out = java.util.Collections.synchronizedList(new ArrayList<>());
    new ParallelScan(table.client(), table.name()).forEach(1, List.of(0), out::add);
    return List.copyOf(out);
  }

  /** A PrintStream whose text can be read back. */
  public static final class Output {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    public final PrintStream stream = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    public String text() {
      return bytes.toString(StandardCharsets.UTF_8);
    }

    public List<String> lines() {
      return text().lines().toList();
    }
  }
}

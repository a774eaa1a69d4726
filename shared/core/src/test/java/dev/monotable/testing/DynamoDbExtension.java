package dev.monotable.testing;

import dev.monotable.kit.Env;
import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.schema.TableSchema;
import java.util.UUID;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;

/**
 * JUnit 5 extension: a real DynamoDB-compatible server for the run (see {@link LocalDynamoDb}), and
 * for each test class a table created from a domain's {@link TableSchema} under a unique name,
 * deleted after the class: the domain {@link TableOf} names on the class (a domain's own tests), else
 * the kit's test domain ({@link TestDomain}). Inject it as a {@link TestTable} parameter of tests,
 * constructors or lifecycle methods.
 */
public final class DynamoDbExtension implements BeforeAllCallback, AfterAllCallback, ParameterResolver {
  private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(DynamoDbExtension.class);

  @Override
  public void beforeAll(ExtensionContext context) {
    DynamoDbClient client = newClient();
    String name = "monotable-test-" + context.getRequiredTestClass().getSimpleName().toLowerCase()
        + "-" + UUID.randomUUID().toString().substring(0, 8);
    client.createTable(schema(context.getRequiredTestClass()).createTableRequest(name));
    client.waiter().waitUntilTableExists(DescribeTableRequest.builder().tableName(name).build());
    client.updateTimeToLive(TableSchema.enableTtlRequest(name));
    context.getStore(NS).put("table", new TestTable(client, name));
  }

  /** The schema of the domain {@link TableOf} names on the class (or an enclosing one), else the test domain's. */
  static TableSchema schema(Class<?> testClass) {
    for (Class<?> c = testClass; c != null; c = c.getEnclosingClass()) {
      TableOf of = c.getAnnotation(TableOf.class);
      if (of != null) {
        return domain(of.value()).schema();
      }
    }
    return TestDomain.SCHEMA;
  }

  private static Domain domain(Class<? extends Domain> type) {
    try {
      return (Domain) type.getField("DOMAIN").get(null);
    } catch (ReflectiveOperationException e) {
      throw new IllegalArgumentException(type + " holds no public static DOMAIN", e);
    }
  }

  @Override
  public void afterAll(ExtensionContext context) {
    TestTable table = context.getStore(NS).get("table", TestTable.class);
    if (table != null) {
      table.client().deleteTable(DeleteTableRequest.builder().tableName(table.name()).build());
      table.client().close();
    }
  }

  @Override
  public boolean supportsParameter(ParameterContext p, ExtensionContext e) {
    return p.getParameter().getType() == TestTable.class;
  }

  @Override
  public Object resolveParameter(ParameterContext p, ExtensionContext e) {
    return table(e);
  }

  /** The table of the test class this context belongs to. */
  public static TestTable table(ExtensionContext e) {
    ExtensionContext c = e;
    while (c != null) {
      TestTable t = c.getStore(NS).get("table", TestTable.class);
      if (t != null) {
        return t;
      }
      c = c.getParent().orElse(null);
    }
    throw new IllegalStateException("no table: is the class annotated with @ExtendWith(DynamoDbExtension.class)?");
  }

  /**
   * A client for the run's server with the limit guard installed, and a tool's deadlines
   * ({@link DynamoDbClients.Deadlines#tools()}): tests hand it to the operator tools and load
   * fixtures with it, and on a loaded machine (another suite running beside this one on the same
   * cores) the engine may take more than a handler's 3 s to answer. A slow machine may slow the
   * suite; it must not fail it. Tests of the handlers' own deadlines build their clients themselves.
   */
  public static DynamoDbClient newClient() {
    return newClient(new DynamoDbLimitGuard());
  }

  /** {@link #newClient()} with these interceptors instead of the limit guard alone. */
  public static DynamoDbClient newClient(software.amazon.awssdk.core.interceptor.ExecutionInterceptor... interceptors) {
    return DynamoDbClients.create(LocalDynamoDb.endpoint(), region(), DynamoDbClients.Deadlines.tools(), interceptors);
  }

  public static String region() {
    return Env.region();
  }
}

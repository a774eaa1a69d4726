package dev.monotable.forge.e2e;

import dev.monotable.forge.charts.EntityCharts;
import dev.monotable.kit.local.LocalKeys;
import dev.monotable.forge.tools.ForgeLocal;
import dev.monotable.kit.local.LocalService;
import dev.monotable.kit.engine.LocalEngine;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.LocalDynamoDb;
import dev.monotable.testing.TestTable;
import dev.monotable.kit.charts.ModelValidator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Starts, per test class, the local service (the same code as {@code scripts/dev}) on a free port
 * against the class's fresh table, unseeded, without the TTL sweeper and, unless the class is
 * annotated {@link WithStreams}, without the stream pipeline, and injects {@link Forge}. The
 * service's clock is a {@link MovableClock} ({@link Forge#clock()}).
 * After every test, every item in the table must match its entity chart ({@link ModelValidator}).
 */
public final class ForgeExtension implements BeforeAllCallback, AfterEachCallback, AfterAllCallback, ParameterResolver {
  private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(ForgeExtension.class);
  /** The lag of the class's table behind its writes, for GSI queries and eventually consistent reads. */
  static final java.time.Duration LAG_MIN = java.time.Duration.ofMillis(20);
  static final java.time.Duration LAG_MAX = java.time.Duration.ofMillis(200);
  private final DynamoDbExtension tables = new DynamoDbExtension();

  /** Runs the stream pipeline (ST1..ST4) inside the class's local service, as {@code scripts/dev} does. */
  @java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)
  @java.lang.annotation.Target(java.lang.annotation.ElementType.TYPE)
  public @interface WithStreams {}

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    tables.beforeAll(context);
    TestTable table = DynamoDbExtension.table(context);
    LocalEngine.Control engine = LocalEngine.control(LocalDynamoDb.endpoint());
    if (engine.available()) {
      // As on DynamoDB: the class's GSIs, and its reads without ConsistentRead, lag its writes by
      // up to LAG_MAX (other suites sharing the engine stay strongly consistent).
      engine.eventuallyConsistent(table.name(), LAG_MIN, LAG_MAX);
    }
    LocalKeys keys = new LocalKeys(Forge.keysDir());
    // The table's client carries the test guard: a Scan or an over-limit batch in a handler fails the test.
    boolean streams = context.getRequiredTestClass().isAnnotationPresent(WithStreams.class);
    MovableClock clock = new MovableClock();
    // The fixtures' client has a tool's deadlines (a loaded machine slows the suite, never fails it);
    // a class testing the handlers' own deadlines gets a Lambda function's, with the same guard.
    software.amazon.awssdk.services.dynamodb.DynamoDbClient client =
        context.getRequiredTestClass().isAnnotationPresent(HandlerDeadlines.class)
            ? dev.monotable.kit.data.DynamoDbClients.create(LocalDynamoDb.endpoint(), DynamoDbExtension.region(),
                dev.monotable.kit.data.DynamoDbClients.Deadlines.HANDLER, new dev.monotable.testing.DynamoDbLimitGuard())
            : table.client();
    LocalService service = new LocalService(new ForgeLocal()).start(new LocalService.Options(
        0, LocalDynamoDb.endpoint(), false, table.name(), false, keys, client)
        .withClock(clock).withStreams(streams));
    context.getStore(NS).put("forge", new Forge(service, table, keys, clock));
    context.getStore(NS).put("service", service);
  }

  @Override
  public void afterEach(ExtensionContext context) {
    if (context.getExecutionException().isPresent()) {
      return;
    }
    List<String> broken = new ArrayList<>();
    for (Map<String, AttributeValue> item : DynamoDbExtension.table(context).scanAll()) {
      List<ModelValidator.Violation> v = EntityCharts.VALIDATOR.validate(item);
      if (!v.isEmpty()) {
        broken.add(item.get("PK").s() + " / " + item.get("SK").s() + ": " + v);
      }
    }
    if (!broken.isEmpty()) {
      throw new AssertionError("items break their entity charts after "
          + context.getDisplayName() + ":\n" + String.join("\n", broken));
    }
  }

  @Override
  public void afterAll(ExtensionContext context) {
    LocalService service = context.getStore(NS).get("service", LocalService.class);
    if (service != null) {
      service.close();
    }
    tables.afterAll(context);
  }

  @Override
  public boolean supportsParameter(ParameterContext p, ExtensionContext e) {
    return p.getParameter().getType() == Forge.class || p.getParameter().getType() == TestTable.class;
  }

  @Override
  public Object resolveParameter(ParameterContext p, ExtensionContext e) {
    ExtensionContext c = e;
    while (c != null) {
      Forge f = c.getStore(NS).get("forge", Forge.class);
      if (f != null) {
        return p.getParameter().getType() == TestTable.class ? f.table() : f;
      }
      c = c.getParent().orElse(null);
    }
    throw new IllegalStateException("annotate the class with @ExtendWith(ForgeExtension.class)");
  }
}

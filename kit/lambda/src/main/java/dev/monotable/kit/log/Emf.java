package dev.monotable.kit.log;

import dev.monotable.kit.Env;
import dev.monotable.kit.catalog.MetricNames;
import dev.monotable.kit.data.CallTally;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * CloudWatch embedded metric format, written by hand into the one JSON line each invocation logs:
 * CloudWatch Logs extracts the metrics from the line's {@code _aws} block, so metrics cost no
 * request, no client and no extra line. Dimensions are fixed and few ({@link MetricNames}: service
 * and access pattern); the namespace and service come from Powertools' variables ({@link
 * Env#POWERTOOLS_METRICS_NAMESPACE}, {@link Env#POWERTOOLS_SERVICE_NAME}). Powertools' own metrics
 * module was not used: it could not be resolved here to measure its cold start (see
 * docs/performance-levers.md), and its Jackson-based writer is what the kit's JSON writer avoids.
 */
public final class Emf {
  private static final String NAMESPACE = orElse(Env.get(Env.POWERTOOLS_METRICS_NAMESPACE), MetricNames.DEFAULT_NAMESPACE);
  private static final String SERVICE_NAME = Env.get(Env.POWERTOOLS_SERVICE_NAME);

  // The handler classes that have answered once since init or the last priming. Lambda runs one
  // handler class per container, so this is "the container's first invocation"; the local service
  // runs every handler in one process, and still counts each one's first invocation.
  private static final Set<String> WARM = ConcurrentHashMap.newKeySet();
  private static volatile boolean priming;

  private Emf() {}

  /** One metric value with its CloudWatch unit ({@code Count}, {@code Milliseconds}, {@code None}). */
  public record Metric(String name, String unit, double value) {
    public static Metric count(String name, double value) {
      return new Metric(name, "Count", value);
    }

    public static Metric millis(String name, double value) {
      return new Metric(name, "Milliseconds", value);
    }
  }

  /** The service dimension: {@link Env#POWERTOOLS_SERVICE_NAME}, else the domain's name. */
  public static String service(String domainName) {
    return SERVICE_NAME != null ? SERVICE_NAME : domainName;
  }

  /** The namespace the metrics go to. */
  public static String namespace() {
    return NAMESPACE;
  }

  /**
   * 1 for the first invocation of {@code handler} in a container (after init or a SnapStart
   * restore), 0 after; an invocation made while priming neither counts nor consumes it.
   */
  public static double coldStart(Class<?> handler) {
    return !priming && WARM.add(handler.getName()) ? 1 : 0;
  }

  /**
   * Runs SnapStart priming's invocation: its line is written without metrics, and the first
   * invocation after the snapshot is restored is the cold one.
   */
  public static void priming(Runnable invocation) {
    priming = true;
    try {
      invocation.run();
    } finally {
      priming = false;
      WARM.clear();
    }
  }

  /** The DynamoDB metrics of an invocation's calls. */
  public static List<Metric> calls(CallTally calls) {
    return List.of(
        Metric.count(MetricNames.DYNAMODB_REQUESTS, calls.requests()),
        Metric.count(MetricNames.READ_CAPACITY, calls.readCapacity()),
        Metric.count(MetricNames.WRITE_CAPACITY, calls.writeCapacity()),
        Metric.count(MetricNames.CONDITIONAL_REFUSALS, calls.conditionalRefusals()),
        Metric.count(MetricNames.TRANSACTION_CONFLICTS, calls.transactionConflicts()),
        Metric.count(MetricNames.SDK_RETRIES, calls.retries()),
        Metric.count(MetricNames.THROTTLES, calls.throttles()));
  }

  /**
   * Adds to {@code line} the dimensions, each metric's value and the {@code _aws} block that
   * declares them; nothing while priming. The line must not already hold fields of these names.
   */
  public static void add(Map<String, Object> line, String service, String accessPattern, List<Metric> metrics,
      long epochMillis) {
    if (priming) {
      return;
    }
    line.put(MetricNames.SERVICE, service);
    line.put(MetricNames.ACCESS_PATTERN, accessPattern);
    List<Map<String, Object>> declared = new ArrayList<>(metrics.size());
    for (Metric m : metrics) {
      Map<String, Object> d = new LinkedHashMap<>(2);
      d.put("Name", m.name());
      d.put("Unit", m.unit());
      declared.add(d);
      line.put(m.name(), number(m.value()));
    }
    Map<String, Object> directive = new LinkedHashMap<>(3);
    directive.put("Namespace", NAMESPACE);
    directive.put("Dimensions", List.of(List.of(MetricNames.SERVICE, MetricNames.ACCESS_PATTERN)));
    directive.put("Metrics", declared);
    Map<String, Object> aws = new LinkedHashMap<>(2);
    aws.put("Timestamp", epochMillis);
    aws.put("CloudWatchMetrics", List.of(directive));
    line.put("_aws", aws);
  }

  // Whole numbers as integers: "1" rather than "1.0" in the line.
  private static Object number(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? (Object) (long) v : (Object) v;
  }

  private static String orElse(String value, String fallback) {
    return value != null ? value : fallback;
  }
}

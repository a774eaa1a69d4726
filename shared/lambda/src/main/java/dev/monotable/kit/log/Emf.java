package dev.monotable.kit.log;

import dev.monotable.kit.Env;
import dev.monotable.kit.catalog.MetricNames;
import dev.monotable.kit.data.CallTally;
import dev.monotable.kit.json.Json;
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

  /** The names of {@link #calls}' metrics, in their order (all counts). */
  public static final List<String> CALL_METRICS = List.of(MetricNames.DYNAMODB_REQUESTS, MetricNames.READ_CAPACITY,
      MetricNames.WRITE_CAPACITY, MetricNames.CONDITIONAL_REFUSALS, MetricNames.TRANSACTION_CONFLICTS,
      MetricNames.SDK_RETRIES, MetricNames.THROTTLES);

  /** The DynamoDB metrics of an invocation's calls. */
  public static List<Metric> calls(CallTally calls) {
    double[] values = new double[CALL_METRICS.size()];
    callValues(calls, values, 0);
    List<Metric> out = new ArrayList<>(values.length);
    for (int i = 0; i < values.length; i++) {
      out.add(Metric.count(CALL_METRICS.get(i), values[i]));
    }
    return out;
  }

  /** Puts the values of {@link #CALL_METRICS} into {@code values} from index {@code at}. */
  public static void callValues(CallTally calls, double[] values, int at) {
    values[at] = calls.requests();
    values[at + 1] = calls.readCapacity();
    values[at + 2] = calls.writeCapacity();
    values[at + 3] = calls.conditionalRefusals();
    values[at + 4] = calls.transactionConflicts();
    values[at + 5] = calls.retries();
    values[at + 6] = calls.throttles();
  }

  /**
   * The metric fields of one kind of line, written by hand: {@link #add}'s fields for one service,
   * access pattern and list of metric names and units, with everything but the values and the
   * timestamp turned into text once. A route handler writes one line per invocation whose
   * {@code _aws} block differs between calls only in its timestamp (and in the 4xx code metric of a
   * refusal, a block of its own): building that block as maps and writing it again for every call
   * was most of the line's cost. The text is {@link #add}'s, character for character (EmfTest holds
   * the two to the same line).
   */
  public static final class Block {
    private final String dimensions;
    private final String[] valueKeys;
    private final String declaration;

    /** @param shape the metrics' names and units in the line's order; their values are ignored */
    public Block(String service, String accessPattern, List<Metric> shape) {
      StringBuilder d = new StringBuilder(64);
      d.append(',');
      Json.appendString(MetricNames.SERVICE, d);
      d.append(':');
      Json.appendString(service, d);
      d.append(',');
      Json.appendString(MetricNames.ACCESS_PATTERN, d);
      d.append(':');
      Json.appendString(accessPattern, d);
      this.dimensions = d.toString();
      this.valueKeys = new String[shape.size()];
      List<Map<String, Object>> declared = new ArrayList<>(shape.size());
      for (int i = 0; i < shape.size(); i++) {
        StringBuilder k = new StringBuilder(32).append(',');
        Json.appendString(shape.get(i).name(), k);
        valueKeys[i] = k.append(':').toString();
        Map<String, Object> m = new LinkedHashMap<>(2);
        m.put("Name", shape.get(i).name());
        m.put("Unit", shape.get(i).unit());
        declared.add(m);
      }
      Map<String, Object> directive = new LinkedHashMap<>(3);
      directive.put("Namespace", NAMESPACE);
      directive.put("Dimensions", List.of(List.of(MetricNames.SERVICE, MetricNames.ACCESS_PATTERN)));
      directive.put("Metrics", declared);
      this.declaration = ",\"CloudWatchMetrics\":" + Json.write(List.of(directive)) + "}";
    }

    /** How many values {@link #append} takes. */
    public int size() {
      return valueKeys.length;
    }

    /**
     * Appends to {@code out}, a JSON object left open after at least one field, what {@link #add}
     * would add to its map: the dimensions, each metric's value and the {@code _aws} block; nothing
     * while priming.
     *
     * @param values one per metric of the shape, in its order
     * @return whether the fields were appended (false while priming)
     */
    public boolean append(StringBuilder out, double[] values, long epochMillis) {
      if (priming) {
        return false;
      }
      out.append(dimensions);
      for (int i = 0; i < valueKeys.length; i++) {
        out.append(valueKeys[i]);
        double v = values[i];
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
          out.append((long) v);
        } else {
          out.append(v);
        }
      }
      out.append(",\"_aws\":{\"Timestamp\":").append(epochMillis).append(declaration);
      return true;
    }
  }

  /**
   * Adds to {@code line} the dimensions, each metric's value and the {@code _aws} block that
   * declares them; nothing while priming. The line must not already hold fields of these names.
   */
  public static void add(Map<String, Object> line, String service, String accessPattern, List<Metric> metrics,
      long epochMillis) {
    Map<String, String> dimensions = new LinkedHashMap<>(2);
    dimensions.put(MetricNames.SERVICE, service);
    dimensions.put(MetricNames.ACCESS_PATTERN, accessPattern);
    add(line, dimensions, metrics, epochMillis);
  }

  /**
   * {@link #add(Map, String, String, List, long)} with other dimensions (names and values, in their order; few
   * and of few values each, as CloudWatch bills every combination): a migration's divergences by old table.
   */
  public static void add(Map<String, Object> line, Map<String, String> dimensions, List<Metric> metrics,
      long epochMillis) {
    if (priming) {
      return;
    }
    line.putAll(dimensions);
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
    directive.put("Dimensions", List.of(List.copyOf(dimensions.keySet())));
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

package dev.monotable.kit.internal.explorer;

import dev.monotable.kit.bench.ItemSize;
import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.charts.ChartTypes.Attribute;
import dev.monotable.kit.charts.ChartTypes.Chart;
import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.charts.ModelValidator;
import dev.monotable.kit.data.CursorCodec;
import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.errors.ServiceException;
import dev.monotable.kit.http.ErrorMapper;
import dev.monotable.kit.http.Response;
import dev.monotable.kit.json.Json;
import dev.monotable.kit.ops.AccessPatternCheck;
import dev.monotable.kit.ops.ItemFormat;
import dev.monotable.kit.ops.OpsDomain;
import dev.monotable.kit.ops.Paginator;
import dev.monotable.kit.ops.ReadPattern;
import dev.monotable.kit.ops.ReadPatternSet;
import dev.monotable.kit.ops.RequestCounter;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ListTablesRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * What the explorer page shows, computed from the kit's declarations of every registered domain
 * (schema, entity charts, access patterns and their data-access calls) and read from one table:
 * <ul>
 *   <li>{@link #model}: indexes, entity charts with their key templates, access patterns;</li>
 *   <li>{@link #entities}: items per entity with counts and sizes, from a Scan of the table (an
 *       operator view, like {@code scripts/explore type}; it says so);</li>
 *   <li>{@link #query}: one Query of a partition of the table or of a GSI, with any sort-key
 *       operator, items laid out in sort-key lanes and marked with the indexes that hold them;</li>
 *   <li>{@link #run}: one read access pattern through the domain's data-access layer, exactly as
 *       its route's handler calls it, with the DynamoDB requests it made;</li>
 *   <li>{@link #item}: one GetItem, with the item's chart and the validator's verdict;</li>
 *   <li>{@link #live}: the table's stream records as they arrive ({@link LiveFeed}).</li>
 * </ul>
 * Input that would need a Scan or that is malformed is refused ({@link Refused}) before any
 * request; every request goes through one client whose {@link CallRecorder} records and counts it.
 * One call at a time, so the requests recorded are the call's own.
 */
public final class Explorer implements AutoCloseable {
  /** The Entities view stops its Scan here and says so. */
  static final int MAX_SCANNED_ITEMS = 20_000;
  static final int SCAN_PAGE = 1000;
  static final java.time.Duration SCAN_TIMEOUT = java.time.Duration.ofSeconds(30);
  static final int DEFAULT_QUERY_LIMIT = 50;
  static final int MAX_QUERY_LIMIT = 1000;
  static final int MAX_PARAMETER = 1024;
  static final List<String> SORT_OPERATORS = List.of("=", "<", "<=", ">", ">=", "begins_with", "between");

  /** Input refused before any request to the table: answered with {@code status} and a JSON error. */
  public static final class Refused extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int status;
    private final String code;
    private final String field;
    private final transient Map<String, Object> details;

    Refused(int status, String code, String field, String message) {
      this(status, code, field, message, Map.of());
    }

    Refused(int status, String code, String field, String message, Map<String, Object> details) {
      super(message, null, false, false);
      this.status = status;
      this.code = code;
      this.field = field;
      this.details = details;
    }

    public int status() {
      return status;
    }

    /** {@code {"error": {"code", "message", "field"}, ...details}}, the local API's error shape. */
    public Map<String, Object> body() {
      Map<String, Object> error = new LinkedHashMap<>();
      error.put("code", code);
      error.put("message", getMessage());
      if (field != null) {
        error.put("field", field);
      }
      Map<String, Object> out = new LinkedHashMap<>(details);
      out.put("error", error);
      return out;
    }
  }

  /**
   * A view another local page adds to the explorer (a per-pattern metrics table, say): the page
   * shows a tab titled {@code title} that reads {@code path} (a local-only JSON endpoint) with the
   * chosen {@code domain} and {@code table} as query parameters and draws its {@code rows}.
   */
  public record View(String title, String path) {}

  private final Map<String, OpsDomain> domains;
  private final String defaultDomain;
  private final String defaultTable;
  private final String endpoint;
  private final DynamoDbClient client;
  private final DynamoDbStreamsClient streams;
  private final CallRecorder recorder = new CallRecorder();
  private final CursorCodec cursors;
  private final Map<String, LiveFeed> feeds = new HashMap<>();
  private final List<View> views = new CopyOnWriteArrayList<>();

  /**
   * An explorer of the domains over one engine.
   *
   * @param domains every registered domain by id, in the order the page lists them
   * @param defaultDomain the domain the page opens on
   * @param endpoint the engine, or null for AWS
   * @param table the table the page opens on
   * @param cursors the cursor key of the service whose table it is (cursors of the API work here)
   */
  public Explorer(Map<String, OpsDomain> domains, String defaultDomain, URI endpoint, String region, String table,
      CursorCodec cursors) {
    if (!domains.containsKey(defaultDomain)) {
      throw new IllegalArgumentException("unknown domain " + defaultDomain + "; known: " + domains.keySet());
    }
    this.domains = new LinkedHashMap<>(domains);
    this.defaultDomain = defaultDomain;
    this.defaultTable = table;
    this.endpoint = endpoint == null ? "AWS " + region : endpoint.toString();
    this.client = DynamoDbClients.create(endpoint, region, recorder);
    this.streams = DynamoDbClients.streams(endpoint, region);
    this.cursors = cursors;
  }

  /** Adds a view of another local page ({@link View}). */
  public void addView(View view) {
    views.add(view);
  }

  /** Every DynamoDB request the explorer has made: refused input adds none. */
  public long requests() {
    return recorder.total();
  }

  @Override
  public void close() {
    client.close();
    streams.close();
  }

  // ---------------------------------------------------------------------------------------------
  // Declarations

  /** The domains, the default choice and the tables of the engine (one ListTables). */
  public synchronized Map<String, Object> domains() {
    List<Map<String, Object>> list = new ArrayList<>();
    domains.forEach((id, d) -> list.add(Map.of("id", id, "name", d.domain().name())));
    List<String> tables = new ArrayList<>();
    String start = null;
    do {
      var r = client.listTables(ListTablesRequest.builder().exclusiveStartTableName(start).build());
      tables.addAll(r.tableNames());
      start = r.lastEvaluatedTableName();
    } while (start != null);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("domains", list);
    out.put("domain", defaultDomain);
    out.put("table", defaultTable);
    out.put("tables", tables);
    out.put("endpoint", endpoint);
    out.put("views", views.stream().map(v -> Map.of("title", v.title(), "path", v.path())).toList());
    return out;
  }

  /** A domain's declarations as the page draws them; reads nothing from the table. */
  public Map<String, Object> model(String domainId) {
    OpsDomain d = domain(domainId);
    EntityModel model = d.entities();
    TableSchema schema = d.domain().schema();
    List<Map<String, Object>> indexes = new ArrayList<>();
    indexes.add(index("table", TableSchema.PK, TableSchema.SK, "the table: every item"));
    for (Gsi g : schema.gsis()) {
      indexes.add(index(g.indexName(), g.pk(), g.sk(), schema.purpose(g)));
    }
    List<Map<String, Object>> entities = new ArrayList<>();
    for (Chart c : model.charts()) {
      entities.add(chart(model, c));
    }
    ReadPatternSet reads = ReadPatternSet.of(d);
    List<Map<String, Object>> patterns = new ArrayList<>();
    for (AccessPatternSpec ap : d.domain().accessPatterns()) {
      Map<String, Object> p = pattern(ap);
      ReadPattern call = reads.get(ap);
      boolean read = reads.readPatterns().contains(ap);
      p.put("read", read);
      p.put("runnable", read && call != null);
      p.put("why", !read ? "a write: the explorer runs read patterns only"
          : call == null ? "a read the domain's read patterns do not wire yet" : null);
      p.put("params", call == null ? List.of() : call.params());
      p.put("callerRequired", call != null && call.callerRequired());
      p.put("sample", call == null ? null : sample(call.sample()));
      p.put("budget", read ? reads.requestBudget(ap) : null);
      patterns.add(p);
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("id", domainId(domainId));
    out.put("name", d.domain().name());
    out.put("types", model.types());
    out.put("indexes", indexes);
    out.put("entities", entities);
    out.put("patterns", patterns);
    out.put("sortOperators", SORT_OPERATORS);
    return out;
  }

  private static Map<String, Object> index(String name, String pk, String sk, String purpose) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", name);
    m.put("pk", pk);
    m.put("sk", sk);
    m.put("purpose", purpose);
    return m;
  }

  private static Map<String, Object> chart(EntityModel model, Chart c) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("label", c.label());
    m.put("type", c.type());
    m.put("variant", c.variant());
    m.put("colour", model.types().indexOf(c.type()));
    m.put("selector", c.selector().describe());
    m.put("keys", c.renderedKeys());
    List<String> in = new ArrayList<>();
    List<String> out = new ArrayList<>();
    for (Gsi g : model.schema().gsis()) {
      (c.index(g).isPresent() ? in : out).add(g.indexName());
    }
    m.put("indexes", in);
    m.put("absentFrom", out);
    m.put("versioned", c.versioned());
    m.put("ttl", c.ttl());
    List<Map<String, Object>> attributes = new ArrayList<>();
    for (Attribute a : c.attributes()) {
      Map<String, Object> am = new LinkedHashMap<>();
      am.put("name", a.name());
      am.put("type", a.type().name());
      am.put("required", a.required());
      am.put("mutability", a.mutability().label());
      am.put("description", a.description());
      attributes.add(am);
    }
    m.put("attributes", attributes);
    m.put("notes", c.notes());
    return m;
  }

  private static Map<String, Object> pattern(AccessPatternSpec ap) {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("name", ap.name());
    p.put("description", ap.description());
    p.put("operation", ap.operation());
    p.put("index", ap.index() == null ? null : ap.index().indexName());
    p.put("keyCondition", ap.keyCondition());
    p.put("parameters", ap.parameters());
    return p;
  }

  private static Map<String, Object> sample(ReadPattern.Sample s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("caller", s.caller());
    m.put("params", s.params());
    return m;
  }

  // ---------------------------------------------------------------------------------------------
  // Entities

  /**
   * Items per entity (chart label), with counts and item sizes (DynamoDB's size rules,
   * {@link ItemSize#of}) and a few example keys: one Scan of the table, paged, stopping at
   * {@value #MAX_SCANNED_ITEMS} items. An operator view: the answer says it scanned.
   */
  public synchronized Map<String, Object> entities(String domainId, String table) {
    OpsDomain d = domain(domainId);
    String t = table(table);
    EntityModel model = d.entities();
    Map<String, Map<String, Object>> byLabel = new LinkedHashMap<>();
    for (Chart c : model.charts()) {
      byLabel.put(c.label(), bucket(c.label(), c.type(), model.types().indexOf(c.type())));
    }
    recorder.reset();
    // Pages of 1,000 items with a generous deadline: the local engine takes seconds over a full
    // 1 MB page of a large table, beyond the clients' 3 s call timeout (made for the Lambda).
    Paginator pages = Paginator.scan(client, () -> ScanRequest.builder().tableName(t).limit(SCAN_PAGE)
        .overrideConfiguration(c -> c.apiCallTimeout(SCAN_TIMEOUT).apiCallAttemptTimeout(SCAN_TIMEOUT)));
    long scanned = 0;
    boolean truncated = false;
    do {
      Paginator.Page page = pages.next();
      scanned += page.scannedCount();
      for (Map<String, AttributeValue> item : page.items()) {
        String label = model.forItem(item).map(Chart::label).orElse(null);
        if (label == null) {
          String type = item.containsKey(TableSchema.TYPE) ? item.get(TableSchema.TYPE).s() : null;
          label = (type == null ? "(no Type)" : type) + " (no chart)";
          byLabel.computeIfAbsent(label, l -> bucket(l, null, -1));
        }
        Map<String, Object> b = byLabel.get(label);
        long size = ItemSize.of(item);
        b.put("count", (Long) b.get("count") + 1);
        b.put("bytes", (Long) b.get("bytes") + size);
        b.put("maxBytes", Math.max((Long) b.get("maxBytes"), size));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> examples = (List<Map<String, Object>>) b.get("examples");
        if (examples.size() < 3) {
          examples.add(keysOf(model, item));
        }
      }
      if (scanned >= MAX_SCANNED_ITEMS && pages.hasNext()) {
        truncated = true;
        break;
      }
    } while (pages.hasNext());
    List<Map<String, Object>> types = new ArrayList<>();
    long items = 0;
    for (Map<String, Object> b : byLabel.values()) {
      long count = (Long) b.get("count");
      items += count;
      b.put("avgBytes", count == 0 ? 0 : Math.round((double) (Long) b.get("bytes") / count));
      types.add(b);
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("table", t);
    out.put("items", items);
    out.put("scan", Map.of("requests", pages.requests(), "scannedCount", scanned, "truncated", truncated,
        "capacityUnits", capacityUnits(recorder.calls()),
        "note", "counted by a Scan of the whole table: an operator view, never an access pattern"));
    out.put("entities", types);
    return out;
  }

  private static Map<String, Object> bucket(String label, String type, int colour) {
    Map<String, Object> b = new LinkedHashMap<>();
    b.put("label", label);
    b.put("type", type);
    b.put("colour", colour);
    b.put("count", 0L);
    b.put("bytes", 0L);
    b.put("maxBytes", 0L);
    b.put("examples", new ArrayList<Map<String, Object>>());
    return b;
  }

  /** PK, SK and every GSI key attribute the item carries, as text. */
  private static Map<String, Object> keysOf(EntityModel model, Map<String, AttributeValue> item) {
    Map<String, Object> keys = new LinkedHashMap<>();
    for (String name : model.schema().keyAttributes()) {
      AttributeValue v = item.get(name);
      if (v != null) {
        keys.put(name, v.s() != null ? v.s() : v.n());
      }
    }
    return keys;
  }

  // ---------------------------------------------------------------------------------------------
  // Collections and free queries

  /**
   * One Query of one partition of the table or of an index: {@code pk} is required (without it the
   * read would be a Scan, which is refused), the sort key may be constrained by any of
   * {@link #SORT_OPERATORS}. The items come in sort-key lanes (the sort-key template of their
   * chart at this facet) and marked with the indexes that hold them.
   */
  public synchronized Map<String, Object> query(String domainId, String table, String indexName, String pk,
      String op, String v1, String v2, boolean descending, String limitText, String cursor) {
    OpsDomain d = domain(domainId);
    String t = table(table);
    EntityModel model = d.entities();
    Gsi gsi = gsi(d, indexName);
    if (pk == null || pk.isBlank()) {
      throw new Refused(400, "would_scan", "pk", "a Query needs the partition key value ("
          + (gsi == null ? TableSchema.PK : gsi.pk()) + "); without one this read would be a Scan of the whole "
          + "table, which no access pattern makes: no request was sent");
    }
    int limit = number("limit", limitText, DEFAULT_QUERY_LIMIT, 1, MAX_QUERY_LIMIT);
    String operator = op == null || op.isBlank() ? null : op.trim().toLowerCase(Locale.ROOT);
    if (operator != null && !SORT_OPERATORS.contains(operator)) {
      throw new Refused(400, "validation", "op", "unknown sort-key operator " + op + "; one of " + SORT_OPERATORS);
    }
    String pkName = gsi == null ? TableSchema.PK : gsi.pk();
    String skName = gsi == null ? TableSchema.SK : gsi.sk();
    Map<String, String> names = new LinkedHashMap<>();
    Map<String, AttributeValue> values = new LinkedHashMap<>();
    names.put("#pk", pkName);
    values.put(":pk", AttributeValue.fromS(pk));
    String condition = "#pk = :pk";
    if (operator != null) {
      if (v1 == null || v1.isEmpty()) {
        throw new Refused(400, "validation", "v1", "the sort-key operator " + operator + " needs a value");
      }
      names.put("#sk", skName);
      values.put(":v1", AttributeValue.fromS(v1));
      switch (operator) {
        case "begins_with" -> condition += " AND begins_with(#sk, :v1)";
        case "between" -> {
          if (v2 == null || v2.isEmpty()) {
            throw new Refused(400, "validation", "v2", "BETWEEN needs a lower and an upper bound");
          }
          if (compareUtf8(v1, v2) > 0) {
            // DynamoDB answers a ValidationException; say so before asking it.
            throw new Refused(400, "validation", "v2", "BETWEEN's lower bound " + v1 + " sorts after its upper bound "
                + v2 + " (keys compare by UTF-8 bytes): DynamoDB would reject the request, none was sent");
          }
          values.put(":v2", AttributeValue.fromS(v2));
          condition += " AND #sk BETWEEN :v1 AND :v2";
        }
        default -> condition += " AND #sk " + operator + " :v1";
      }
    }
    Map<String, AttributeValue> start = decodeCursor(cursor);
    QueryRequest.Builder q = QueryRequest.builder().tableName(t).keyConditionExpression(condition)
        .expressionAttributeNames(names).expressionAttributeValues(values).scanIndexForward(!descending)
        .limit(limit).exclusiveStartKey(start);
    if (gsi == null) {
      q.consistentRead(true);
    } else {
      q.indexName(gsi.indexName());
    }
    recorder.reset();
    long t0 = System.nanoTime();
    QueryResponse r = client.query(q.build());
    double millis = (System.nanoTime() - t0) / 1_000_000.0;
    List<Map<String, Object>> items = new ArrayList<>();
    Map<String, Integer> lanes = new LinkedHashMap<>();
    Map<String, Integer> held = new LinkedHashMap<>();
    Map<String, Set<String>> leftOut = new LinkedHashMap<>();
    for (Gsi g : d.domain().schema().gsis()) {
      held.put(g.indexName(), 0);
      leftOut.put(g.indexName(), new LinkedHashSet<>());
    }
    for (Map<String, AttributeValue> item : r.items()) {
      Map<String, Object> view = itemView(model, item, gsi);
      items.add(view);
      lanes.merge((String) view.get("lane"), 1, Integer::sum);
      for (Gsi g : d.domain().schema().gsis()) {
        if (item.containsKey(g.pk())) {
          held.merge(g.indexName(), 1, Integer::sum);
        } else {
          leftOut.get(g.indexName()).add((String) view.get("label"));
        }
      }
    }
    List<Map<String, Object>> indexSummary = new ArrayList<>();
    for (Gsi g : d.domain().schema().gsis()) {
      indexSummary.add(Map.of("index", g.indexName(), "holds", held.get(g.indexName()),
          "leavesOut", List.copyOf(leftOut.get(g.indexName()))));
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("facet", gsi == null ? "table" : gsi.indexName());
    out.put("requests", recorder.calls());
    out.put("items", items);
    out.put("count", r.count());
    out.put("scannedCount", r.scannedCount());
    out.put("consumedCapacity", CallRecorder.capacity(r.consumedCapacity()));
    out.put("latencyMs", Math.round(millis * 100) / 100.0);
    out.put("lanes", lanes.entrySet().stream().map(e -> Map.of("lane", e.getKey(), "count", e.getValue())).toList());
    out.put("indexSummary", indexSummary);
    out.put("nextCursor", r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty()
        ? encodeCursor(r.lastEvaluatedKey()) : null);
    return out;
  }

  /** Java's String order is UTF-16's; DynamoDB compares UTF-8 bytes. */
  private static int compareUtf8(String a, String b) {
    return java.util.Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
  }

  private Gsi gsi(OpsDomain d, String indexName) {
    if (indexName == null || indexName.isBlank() || indexName.equalsIgnoreCase("table")) {
      return null;
    }
    for (Gsi g : d.domain().schema().gsis()) {
      if (g.indexName().equalsIgnoreCase(indexName.trim())) {
        return g;
      }
    }
    throw new Refused(400, "validation", "index", d.domain().name() + " has no index " + indexName + "; it has table"
        + d.domain().schema().gsis().stream().map(g -> ", " + g.indexName()).reduce("", String::concat));
  }

  /** An item as the page lists it: its chart, colour, lane and the indexes that hold it. */
  public static Map<String, Object> itemView(EntityModel model, Map<String, AttributeValue> item, Gsi facet) {
    Map<String, Object> m = new LinkedHashMap<>();
    Chart chart = model.forItem(item).orElse(null);
    String type = item.containsKey(TableSchema.TYPE) ? item.get(TableSchema.TYPE).s() : null;
    m.put("label", chart == null ? (type == null ? "(no Type)" : type) + " (no chart)" : chart.label());
    m.put("type", type);
    m.put("colour", type == null ? -1 : model.types().indexOf(type));
    m.put("keys", keysOf(model, item));
    String skName = facet == null ? TableSchema.SK : facet.sk();
    String lane = null;
    if (chart != null) {
      lane = facet == null ? chart.table().sk().render()
          : chart.index(facet).map(p -> p.sk().render()).orElse(null);
    }
    if (lane == null) {
      AttributeValue sk = item.get(skName);
      String s = sk == null ? "" : sk.s() != null ? sk.s() : sk.n();
      int hash = s.indexOf('#', 1);
      lane = hash < 0 ? s : s.substring(0, hash + 1);
    }
    m.put("lane", lane);
    Map<String, Boolean> in = new LinkedHashMap<>();
    for (Gsi g : model.schema().gsis()) {
      in.put(g.indexName(), item.containsKey(g.pk()));
    }
    m.put("inIndexes", in);
    m.put("size", ItemSize.of(item));
    m.put("item", ItemFormat.dynamoJson(item));
    return m;
  }

  /** The explorer's own cursor of a free Query: the LastEvaluatedKey, base64url of its DynamoDB JSON. */
  static String encodeCursor(Map<String, AttributeValue> key) {
    return Base64.getUrlEncoder().withoutPadding()
        .encodeToString(Json.write(ItemFormat.dynamoJson(key)).getBytes(StandardCharsets.UTF_8));
  }

  static Map<String, AttributeValue> decodeCursor(String cursor) {
    if (cursor == null || cursor.isBlank()) {
      return null;
    }
    try {
      Map<String, Object> json = Json.readObject(new String(Base64.getUrlDecoder().decode(cursor.trim()),
          StandardCharsets.UTF_8));
      Map<String, AttributeValue> key = new LinkedHashMap<>();
      for (Map.Entry<String, Object> e : json.entrySet()) {
        if (!(e.getValue() instanceof Map<?, ?> typed) || typed.size() != 1) {
          throw new IOException("not a key");
        }
        Object s = typed.get("S");
        Object n = typed.get("N");
        if (s instanceof String str) {
          key.put(e.getKey(), AttributeValue.fromS(str));
        } else if (n instanceof String num) {
          key.put(e.getKey(), AttributeValue.fromN(num));
        } else {
          throw new IOException("not a key");
        }
      }
      if (key.isEmpty()) {
        throw new IOException("empty key");
      }
      return key;
    } catch (IOException | IllegalArgumentException e) {
      throw new Refused(400, "validation", "cursor", "the cursor is not one this page handed out; no request was sent");
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Access patterns

  /**
   * Runs one read access pattern through the domain's data-access layer (the call its route's
   * handler makes), with a TableGateway over the explorer's client and the service's cursor key:
   * the requests it made, the items, Count and ScannedCount, consumed capacity, latency and the
   * next page's cursor (the API's own). Refused before any request: an unknown pattern, a write, a
   * Scan, missing or malformed parameters, a page size out of 1..100.
   */
  public synchronized Map<String, Object> run(String domainId, String table, String apName, List<String> params,
      String caller, String limitText, String cursor) {
    OpsDomain d = domain(domainId);
    String t = table(table);
    ReadPatternSet reads = ReadPatternSet.of(d);
    if (apName == null || apName.isBlank()) {
      throw new Refused(400, "validation", "ap", "choose an access pattern");
    }
    AccessPatternSpec ap = reads.byName(apName);
    if (ap == null) {
      throw new Refused(400, "validation", "ap", d.domain().name() + " has no access pattern " + apName);
    }
    if (!reads.readPatterns().contains(ap)) {
      throw new Refused(400, "validation", "ap", ap.name() + " (" + ap.description() + ") is a write ("
          + ap.operation() + "): the explorer runs read patterns only");
    }
    ReadPattern call = reads.get(ap);
    if (call == null) {
      throw new Refused(400, "validation", "ap", ap.name() + " is a read the domain's read patterns do not wire yet");
    }
    if (params.size() != call.params().size()) {
      String missing = params.size() < call.params().size() ? call.params().get(params.size()) : null;
      throw new Refused(400, "validation", missing, ap.name() + " takes " + call.params().size()
          + " parameter(s): " + String.join(", ", call.params()));
    }
    for (int i = 0; i < params.size(); i++) {
      checkParameter(call.params().get(i), params.get(i));
    }
    String who = caller == null || caller.isBlank() ? null : caller.trim();
    if (who != null) {
      checkParameter("caller", who);
    }
    if (call.callerRequired() && who == null) {
      throw new Refused(400, "validation", "caller", ap.name() + " needs a caller (the signed-in user it reads for)");
    }
    int limit = number("limit", limitText, PageRequest.DEFAULT_LIMIT, 1, PageRequest.MAX_LIMIT);
    TableGateway gateway = new TableGateway(client, t, cursors, Clock.systemUTC());
    recorder.reset();
    long before = recorder.total();
    long t0 = System.nanoTime();
    Page<Map<String, AttributeValue>> page;
    try {
      page = call.run(gateway, who, params, new PageRequest(limit, cursor == null || cursor.isBlank() ? null
          : cursor.trim()));
    } catch (ServiceException e) {
      Response r = ErrorMapper.toResponse(e);
      Map<String, Object> details = new LinkedHashMap<>();
      details.put("pattern", pattern(ap));
      details.put("requests", recorder.calls());
      details.put("requestCount", recorder.total() - before);
      @SuppressWarnings("unchecked")
      Map<String, Object> error = (Map<String, Object>) ((Map<String, Object>) r.body()).get("error");
      throw new Refused(r.status(), (String) error.get("code"), (String) error.get("field"),
          (String) error.get("message"), details);
    }
    double millis = (System.nanoTime() - t0) / 1_000_000.0;
    List<Map<String, Object>> calls = recorder.calls();
    List<RequestCounter.Call> counted = calls.stream()
        .map(c -> new RequestCounter.Call((String) c.get("operation"), (String) c.get("index"))).toList();
    List<Map<String, Object>> items = new ArrayList<>();
    for (Map<String, AttributeValue> item : page.items()) {
      items.add(itemView(d.entities(), item, ap.index()));
    }
    Map<String, Object> named = new LinkedHashMap<>();
    for (int i = 0; i < params.size(); i++) {
      named.put(call.params().get(i), params.get(i));
    }
    List<String> warnings = new ArrayList<>();
    for (Map<String, Object> c : calls) {
      if ("Scan".equals(c.get("operation"))) {
        warnings.add("this call made a Scan: it read the whole table");
      }
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("pattern", pattern(ap));
    out.put("call", Map.of("params", named, "caller", who == null ? "(anonymous)" : who, "limit", limit));
    out.put("requests", calls);
    out.put("requestCount", calls.size());
    out.put("budget", reads.requestBudget(ap));
    out.put("problems", AccessPatternCheck.judge(reads, ap, counted));
    out.put("warnings", warnings);
    out.put("items", items);
    out.put("count", calls.stream().mapToInt(c -> c.get("count") instanceof Integer n ? n : 0).sum());
    out.put("scannedCount", calls.stream().mapToInt(c -> c.get("scannedCount") instanceof Integer n ? n : 0).sum());
    out.put("capacityUnits", capacityUnits(calls));
    out.put("latencyMs", Math.round(millis * 100) / 100.0);
    out.put("nextCursor", page.nextCursor());
    return out;
  }

  /**
   * A parameter the explorer refuses before the data-access layer sees it: empty, too long, with
   * control characters, or with {@code #} (it separates key segments: a value holding one would
   * read another entity's keys).
   */
  static void checkParameter(String name, String value) {
    if (value == null || value.isBlank()) {
      throw new Refused(400, "validation", name, name + " is empty: fill it in");
    }
    if (value.length() > MAX_PARAMETER) {
      throw new Refused(400, "validation", name, name + " is longer than " + MAX_PARAMETER + " characters");
    }
    if (value.chars().anyMatch(Character::isISOControl)) {
      throw new Refused(400, "validation", name, name + " holds a control character");
    }
    if (value.indexOf('#') >= 0) {
      throw new Refused(400, "validation", name, name + " holds '#', which separates key segments: a value "
          + "with one would read another entity's keys");
    }
  }

  private static int number(String name, String text, int dflt, int min, int max) {
    if (text == null || text.isBlank()) {
      return dflt;
    }
    String s = text.trim();
    if (s.length() > 6 || !s.chars().allMatch(c -> c >= '0' && c <= '9') || Integer.parseInt(s) < min
        || Integer.parseInt(s) > max) {
      throw new Refused(400, "validation", name, name + " must be a whole number from " + min + " to " + max);
    }
    return Integer.parseInt(s);
  }

  private static double capacityUnits(List<Map<String, Object>> calls) {
    double sum = 0;
    for (Map<String, Object> c : calls) {
      if (c.get("consumedCapacity") instanceof Map<?, ?> cap && cap.get("capacityUnits") instanceof Double d) {
        sum += d;
      }
    }
    return sum;
  }

  // ---------------------------------------------------------------------------------------------
  // Items

  /** One strongly consistent GetItem, the item's chart and the validator's verdict on it. */
  public synchronized Map<String, Object> item(String domainId, String table, String pk, String sk) {
    OpsDomain d = domain(domainId);
    String t = table(table);
    if (pk == null || pk.isBlank()) {
      throw new Refused(400, "validation", "pk", "an item is read by its key: give PK (and SK)");
    }
    String s = sk == null || sk.isBlank() ? pk : sk;
    recorder.reset();
    GetItemResponse r = client.getItem(GetItemRequest.builder().tableName(t).consistentRead(true)
        .key(Map.of(TableSchema.PK, AttributeValue.fromS(pk), TableSchema.SK, AttributeValue.fromS(s))).build());
    if (!r.hasItem() || r.item().isEmpty()) {
      throw new Refused(404, "not_found", null, "no item PK = " + pk + ", SK = " + s,
          Map.of("requests", recorder.calls()));
    }
    EntityModel model = d.entities();
    Map<String, Object> out = itemView(model, r.item(), null);
    out.put("chart", model.forItem(r.item()).map(c -> chart(model, c)).orElse(null));
    List<Map<String, Object>> violations = new ArrayList<>();
    for (ModelValidator.Violation v : new ModelValidator(model).validate(r.item())) {
      Map<String, Object> vm = new LinkedHashMap<>();
      vm.put("kind", v.kind().name());
      vm.put("attribute", v.attribute());
      vm.put("message", v.message());
      violations.add(vm);
    }
    out.put("verdict", Map.of("valid", violations.isEmpty(), "violations", violations));
    out.put("requests", recorder.calls());
    return out;
  }

  // ---------------------------------------------------------------------------------------------
  // Live

  /** The stream records of the table after the record numbered {@code after} (0: the latest ones). */
  public Map<String, Object> live(String domainId, String table, String after) {
    OpsDomain d = domain(domainId);
    String t = table(table);
    long n = 0;
    if (after != null && !after.isBlank()) {
      if (!after.trim().matches("[0-9]{1,12}")) {
        throw new Refused(400, "validation", "after", "after must be the number of a record the page was sent");
      }
      n = Long.parseLong(after.trim());
    }
    LiveFeed feed;
    synchronized (feeds) {
      feed = feeds.computeIfAbsent(t, x -> new LiveFeed(streams, x));
    }
    return feed.after(n, d.entities());
  }

  // ---------------------------------------------------------------------------------------------

  private OpsDomain domain(String id) {
    OpsDomain d = domains.get(domainId(id));
    if (d == null) {
      throw new Refused(400, "validation", "domain", "unknown domain " + id + "; known: " + domains.keySet());
    }
    return d;
  }

  private String domainId(String id) {
    return id == null || id.isBlank() ? defaultDomain : id.trim().toLowerCase(Locale.ROOT);
  }

  private String table(String table) {
    String t = table == null || table.isBlank() ? defaultTable : table.trim();
    if (!t.matches("[A-Za-z0-9_.-]{3,255}")) {
      throw new Refused(400, "validation", "table", "not a DynamoDB table name: " + t);
    }
    return t;
  }
}

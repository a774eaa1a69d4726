package dev.monotable.kit.ops;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.cli.Args;
import dev.monotable.kit.internal.cli.DomainOption;
import dev.monotable.kit.cli.OpsMain;
import dev.monotable.kit.cli.UsageException;
import dev.monotable.kit.data.CursorCodec;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.errors.ServiceException;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.local.DomainTables;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.io.PrintStream;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * {@code scripts/explore}: a domain's data as its access patterns see it.
 * <ul>
 *   <li>{@code item <PK> [<SK>]}: one strongly consistent GetItem (SK defaults to PK);</li>
 *   <li>{@code partition <PK> [--prefix p] [--index GSIn] [--desc] [--limit n]}: Query of one
 *       partition of the table or an index, optionally {@code begins_with} on the sort key;</li>
 *   <li>{@code ap <APnn> <params...> [--as caller]}: one read access pattern through the
 *       data-access layer, exactly as its route runs it, with the requests it made;</li>
 *   <li>{@code type <Type>}: a Scan with a filter on {@code Type}. Operator use only: it reads the
 *       whole table, which no access pattern ever does, and warns so.</li>
 * </ul>
 */
public final class ExploreTool {

  static final String USAGE = """
      usage: scripts/explore item <PK> [<SK>]                                      GetItem (SK defaults to PK)
             scripts/explore partition <PK> [--prefix <SK prefix>] [--index GSI1..GSI4] [--desc] [--limit n]
                                                                                   Query
             scripts/explore ap <APnn> <params...> [--as <caller>] [--limit n] [--cursor c]
                                                                                   one read access pattern (DAL)
             scripts/explore ap --list                                             read patterns and their params
             scripts/explore type <Type> [--limit n]                               Scan with a filter (operator only)
             scripts/explore --web [--port n]                                      the explorer page on this table
                                                                                   (scripts/explore --web --help)

        --json    raw items, one DynamoDB JSON object per line
        --limit   at most this many items (default 50; ap: page size 1..100, default 30)
        --domain  the domain to explore (default: MONOTABLE_DOMAIN, else the first registered)

      Examples: scripts/explore --domain <id> ap --list prints each read pattern of the domain with a call
      on its demo data, the keys of whose items item and partition then take.

      Environment: DYNAMODB_ENDPOINT (default http://127.0.0.1:8000; "aws" for AWS), TABLE_NAME, AWS_REGION,
      CURSOR_SECRET (else the local runner's key in .local/).
      Exit status: 0 found, 1 nothing found or failed, 2 bad usage.""";

  static final int DEFAULT_LIMIT = 50;

  /**
   * Parsed command line.
   *
   * @param command item, partition, ap or type
   * @param arguments positional arguments after the command
   * @param prefix sort-key prefix (partition)
   * @param index index name (partition), null for the table
   * @param descending newest/highest first (partition)
   * @param limit maximum number of items, null for the default
   * @param caller the caller of an access pattern (ap)
   * @param cursor cursor of a next page (ap)
   * @param json raw DynamoDB JSON lines
   * @param list list the read patterns (ap --list)
   */
  public record Options(String command, List<String> arguments, String prefix, Gsi index, boolean descending,
      Integer limit, String caller, String cursor, boolean json, boolean list) {}

  private ExploreTool() {}

  /**
   * {@code scripts/explore}; {@code domains} resolves {@code --domain} (null: the default),
   * {@code localTables} that domain's own table (the default of {@code TABLE_NAME}).
   */
  public static void main(String[] args, Function<String, OpsDomain> domains,
      Function<String, String> localTables) {
    System.exit(execute(args, domains, id -> OpsEnvironment.fromEnvironment(localTables.apply(id)), System.out,
        System.err));
  }

  /**
   * The command without the exit: {@code environments} gives the environment of the domain id
   * {@code --domain} names (null: the default); the tool refuses a table that holds another
   * domain's items ({@link DomainTables#requireHolds}). Returns the exit status.
   */
  public static int execute(String[] args, Function<String, OpsDomain> domains,
      Function<String, OpsEnvironment> environments, PrintStream out, PrintStream err) {
    return OpsMain.run(USAGE, args, () -> environments.apply(DomainOption.take(args).id()), env -> {
      DomainOption chosen = DomainOption.take(args);
      OpsDomain domain = domains.apply(chosen.id());
      Options options = parse(chosen.rest());
      RequestCounter counter = new RequestCounter();
      try (DynamoDbClient client = env.client(counter)) {
        DomainTables.requireHolds(client, env.table(), domain.domain());
        counter.reset();
        if (!options.json()) {
          out.println("explore: " + env.describe());
        }
        return run(domain, client, env.table(), options.command().equals("ap") ? env.cursors() : null, counter,
            out, err, options);
      }
    }, out, err);
  }

  public static Options parse(String... args) {
    Args a = Args.parse(args, Set.of("--desc", "--json", "--list"),
        Set.of("--prefix", "--index", "--limit", "--as", "--cursor"));
    List<String> p = a.positional();
    if (p.isEmpty()) {
      throw new UsageException("name a command: item, partition, ap or type");
    }
    String command = p.get(0);
    List<String> rest = p.subList(1, p.size());
    Gsi index = null;
    if (a.option("--index") != null) {
      try {
        index = Gsi.valueOf(a.option("--index").toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new UsageException("--index must be one of GSI1, GSI2, GSI3, GSI4");
      }
    }
    Integer limit = a.option("--limit") == null ? null : a.intOption("--limit", DEFAULT_LIMIT, 1, 100_000);
    Options o = new Options(command, rest, a.option("--prefix"), index, a.flag("--desc"), limit, a.option("--as"),
        a.option("--cursor"), a.flag("--json"), a.flag("--list"));
    switch (command) {
      case "item" -> {
        require(rest.size() == 1 || rest.size() == 2, "item takes <PK> [<SK>]");
        only(o, "item", "--json");
      }
      case "partition" -> {
        require(rest.size() == 1, "partition takes one <PK> (the index's partition key with --index)");
        only(o, "partition", "--json", "--prefix", "--index", "--desc", "--limit");
      }
      case "ap" -> {
        require(o.list() || !rest.isEmpty(), "ap takes <APnn> <params...> (scripts/explore ap --list)");
        only(o, "ap", "--json", "--as", "--limit", "--cursor", "--list");
        if (limit != null && limit > PageRequest.MAX_LIMIT) {
          throw new UsageException("ap: --limit is a page size, 1 to " + PageRequest.MAX_LIMIT);
        }
      }
      case "type" -> {
        require(rest.size() == 1, "type takes one <Type>, as the items' Type attribute spells it");
        only(o, "type", "--json", "--limit");
      }
      default -> throw new UsageException("unknown command " + command + " (item, partition, ap or type)");
    }
    return o;
  }

  private static void require(boolean ok, String message) {
    if (!ok) {
      throw new UsageException(message);
    }
  }

  /** Options other commands take are refused rather than ignored. */
  private static void only(Options o, String command, String... allowed) {
    Map<String, Boolean> given = new LinkedHashMap<>();
    given.put("--prefix", o.prefix() != null);
    given.put("--index", o.index() != null);
    given.put("--desc", o.descending());
    given.put("--limit", o.limit() != null);
    given.put("--as", o.caller() != null);
    given.put("--cursor", o.cursor() != null);
    given.put("--list", o.list());
    List<String> ok = List.of(allowed);
    given.forEach((name, present) -> {
      if (present && !ok.contains(name)) {
        throw new UsageException(command + " does not take " + name);
      }
    });
  }

  /**
   * Runs one explore command.
   *
   * @param cursors cursor codec of the service (ap only; null otherwise)
   * @param counter the interceptor installed in {@code client}, or null (ap then prints no request count)
   * @param err where warnings go, so {@code --json} output stays clean
   * @return the exit status: 0 when something was found
   */
  public static int run(OpsDomain domain, DynamoDbClient client, String table, CursorCodec cursors,
      RequestCounter counter, PrintStream out, PrintStream err, Options o) {
    return switch (o.command()) {
      case "item" -> item(domain, client, table, out, o);
      case "partition" -> partition(domain, client, table, out, o);
      case "ap" -> ap(domain, client, table, cursors, counter, out, o);
      case "type" -> type(domain, client, table, out, err, o);
      default -> throw new UsageException("unknown command " + o.command());
    };
  }

  private static int item(OpsDomain domain, DynamoDbClient client, String table, PrintStream out, Options o) {
    String pk = o.arguments().get(0);
    String sk = o.arguments().size() > 1 ? o.arguments().get(1) : pk;
    GetItemResponse r = client.getItem(GetItemRequest.builder().tableName(table)
        .key(new Key(pk, sk).toMap()).consistentRead(true).build());
    if (!r.hasItem() || r.item().isEmpty()) {
      if (!o.json()) {
        out.println("GetItem PK = " + pk + ", SK = " + sk + ": no item");
      }
      return 1;
    }
    if (!o.json()) {
      out.println("GetItem PK = " + pk + ", SK = " + sk + " (consistent)");
    }
    print(domain, List.of(r.item()), out, o.json());
    return 0;
  }

  private static int partition(OpsDomain domain, DynamoDbClient client, String table, PrintStream out, Options o) {
    String pk = o.arguments().get(0);
    int limit = o.limit() == null ? DEFAULT_LIMIT : o.limit();
    String pkName = o.index() == null ? TableSchema.PK : o.index().pk();
    String skName = o.index() == null ? TableSchema.SK : o.index().sk();
    Map<String, String> names = new LinkedHashMap<>();
    Map<String, AttributeValue> values = new LinkedHashMap<>();
    names.put("#pk", pkName);
    values.put(":pk", AttributeValue.fromS(pk));
    String condition = o.prefix() == null ? "#pk = :pk" : "#pk = :pk AND begins_with(#sk, :prefix)";
    if (o.prefix() != null) {
      names.put("#sk", skName);
      values.put(":prefix", AttributeValue.fromS(o.prefix()));
    }
    String described = "Query " + (o.index() == null ? "table" : o.index().indexName()) + ": " + pkName + " = " + pk
        + (o.prefix() == null ? "" : " AND begins_with(" + skName + ", " + o.prefix() + ")")
        + (o.descending() ? ", descending" : "");
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    Paginator pages = Paginator.query(client, () -> {
      QueryRequest.Builder q = QueryRequest.builder().tableName(table).keyConditionExpression(condition)
          .expressionAttributeNames(names).expressionAttributeValues(values)
          .scanIndexForward(!o.descending()).limit(limit - items.size());
      return o.index() == null ? q.consistentRead(true) : q.indexName(o.index().indexName());
    });
    do {
      items.addAll(pages.next().items());
    } while (pages.hasNext() && items.size() < limit);
    int requests = pages.requests();
    if (!o.json()) {
      out.println(described + " (" + requests + (requests == 1 ? " request" : " requests") + ")");
    }
    print(domain, items, out, o.json());
    if (!o.json()) {
      out.println(items.size() + (items.size() == 1 ? " item" : " items")
          + (pages.hasNext() ? "; more in this partition (raise --limit)" : ""));
    }
    return items.isEmpty() ? 1 : 0;
  }

  private static int ap(OpsDomain domain, DynamoDbClient client, String table, CursorCodec cursors,
      RequestCounter counter, PrintStream out, Options o) {
    ReadPatternSet reads = ReadPatternSet.of(domain);
    if (o.list()) {
      out.println("Read access patterns (scripts/explore ap <APnn> <params...>):");
      List<List<String>> rows = new ArrayList<>();
      for (AccessPatternSpec ap : reads.readPatterns()) {
        ReadPattern p = reads.get(ap);
        rows.add(List.of(p == null ? ap.name() + " (not wired)" : p.usage(), ap.description(),
            p == null ? "" : "e.g. " + p.sample().describe()));
      }
      ItemFormat.aligned(List.of("pattern", "description", "on the demo data"), rows, out);
      return 0;
    }
    AccessPatternSpec ap = reads.byName(o.arguments().get(0));
    if (ap == null) {
      List<? extends AccessPatternSpec> all = domain.domain().accessPatterns();
      throw new UsageException("no access pattern " + o.arguments().get(0)
          + (all.isEmpty() ? "" : " (" + all.get(0).name() + ".." + all.get(all.size() - 1).name() + ")"));
    }
    ReadPattern pattern = reads.get(ap);
    if (pattern == null) {
      throw new UsageException(ap.name() + " (" + ap.description() + ") is not a read pattern; "
          + "explore runs reads only (scripts/explore ap --list)");
    }
    TableGateway gateway = new TableGateway(client, table, cursors, Clock.systemUTC());
    PageRequest page = new PageRequest(o.limit() == null ? PageRequest.DEFAULT_LIMIT : o.limit(), o.cursor());
    List<String> params = o.arguments().subList(1, o.arguments().size());
    if (counter != null) {
      counter.reset();
    }
    Page<Map<String, AttributeValue>> result;
    try {
      result = pattern.run(gateway, o.caller(), params, page);
    } catch (ServiceException e) {
      if (!o.json()) {
        out.println(ap.name() + " " + ap.description() + ": " + e.getClass().getSimpleName() + ": " + e.getMessage());
      }
      return 1;
    }
    if (!o.json()) {
      out.println(ap.name() + " " + ap.description() + " (" + String.join(" ", params)
          + (o.caller() == null ? ", anonymous" : ", as " + o.caller()) + ")");
      out.println("  " + ap.operation() + (ap.index() == null ? "" : " on " + ap.index().indexName()) + ": "
          + ap.keyCondition());
      if (counter != null) {
        List<RequestCounter.Call> calls = counter.calls();
        out.println("  " + calls.size() + (calls.size() == 1 ? " request: " : " requests: ")
            + ReadPatternSet.operations(calls));
      }
    }
    print(domain, result.items(), out, o.json());
    if (!o.json()) {
      out.println(result.items().size() + (result.items().size() == 1 ? " item" : " items")
          + (result.nextCursor() == null ? "; last page" : "; next page: --cursor " + result.nextCursor()));
    }
    return result.items().isEmpty() ? 1 : 0;
  }

  private static int type(OpsDomain domain, DynamoDbClient client, String table, PrintStream out, PrintStream err, Options o) {
    String type = o.arguments().get(0);
    int limit = o.limit() == null ? DEFAULT_LIMIT : o.limit();
    err.println("warning: explore type SCANS the table (reads every item until " + limit
        + " match): an operator tool, never an access pattern");
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    Paginator pages = Paginator.scan(client, () -> ScanRequest.builder().tableName(table)
        .filterExpression("#type = :type")
        .expressionAttributeNames(Map.of("#type", TableSchema.TYPE))
        .expressionAttributeValues(Map.of(":type", AttributeValue.fromS(type))));
    long scanned = 0;
    do {
      Paginator.Page page = pages.next();
      scanned += page.scannedCount();
      for (Map<String, AttributeValue> item : page.items()) {
        if (items.size() < limit) {
          items.add(item);
        }
      }
    } while (pages.hasNext() && items.size() < limit);
    if (!o.json()) {
      out.println("Scan filter Type = " + type + " (" + scanned + " items read)");
    }
    print(domain, items, out, o.json());
    if (!o.json()) {
      out.println(items.size() + (items.size() == 1 ? " item" : " items")
          + (pages.hasNext() ? "; the scan stopped at --limit" : ""));
    }
    return items.isEmpty() ? 1 : 0;
  }

  private static void print(OpsDomain domain, List<Map<String, AttributeValue>> items, PrintStream out,
      boolean json) {
    if (json) {
      ItemFormat.jsonLines(items, out);
    } else {
      ItemFormat.table(domain.entities(), items, out);
    }
  }
}

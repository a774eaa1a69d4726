package dev.monotable.social.tools;

import dev.monotable.kit.Env;
import dev.monotable.kit.bench.RequestRecorder;
import dev.monotable.kit.cli.Args;
import dev.monotable.kit.cli.OpsMain;
import dev.monotable.kit.cli.UsageException;
import dev.monotable.kit.data.CursorCodec;
import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.engine.LocalEngine;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.keys.Ulid;
import dev.monotable.social.Social;
import dev.monotable.social.data.FanOut;
import dev.monotable.social.data.Feed;
import dev.monotable.social.model.FeedEntry;
import dev.monotable.social.model.Follow;
import dev.monotable.social.model.Post;
import dev.monotable.social.model.User;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;

/**
 * {@code scripts/measure-fan-out}: the fan-out crossover, measured on the local engine. For each
 * measured follower count it loads an author with that many followers into a fresh table and
 * measures, through Social's own data access: fan-out on write of one post (ST1's requests, its
 * capacity by DynamoDB's rules, its time), a follower's feed page with the post fanned out, the
 * one-time switch of the author to merge on read (an UpdateItem per edge), and the same page with
 * the author merged on read. Larger counts are computed from the requests' formulas and the
 * largest measured count's time per follower, and say so. Then the feed page's cost per account
 * merged on read (0, 1, 5, 20). With {@code --write-docs} writes docs/social/fan-out-measured.md.
 */
public final class FanOutMeasureScript {

  static final String USAGE = """
      usage: scripts/measure-fan-out [--max-measured N] [--reads N] [--write-docs]

      Measures fan-out on write against merge on read for follower counts 10, 100, 1,000, 10,000
      (up to --max-measured, default 10000) on a fresh local engine (or DYNAMODB_ENDPOINT), and
      computes 100,000 and 1,000,000 from the measured costs. Prints a Markdown report; with
      --write-docs also writes docs/social/fan-out-measured.md. About 5 minutes on 2 cores.

        --max-measured  the largest follower count loaded and measured (10..100000, default 10000)
        --reads         feed pages read per measurement, the median reported (default 5)
        --write-docs    also write docs/social/fan-out-measured.md

      Environment: DYNAMODB_ENDPOINT (a running DynamoDB-compatible engine; default: a fresh local
      engine on a free port), AWS_REGION.
      Exit status: 0 done, 1 failed, 2 bad usage.""";

  static final int PAGE = 20;
  static final int[] COUNTS = {10, 100, 1_000, 10_000, 100_000, 1_000_000};

  private FanOutMeasureScript() {}

  public static void main(String[] args) {
    OpsMain.exec(USAGE, args, () -> run(args));
  }

  private static int run(String[] args) throws Exception {
    Args a = Args.parse(args, Set.of("--write-docs"), Set.of("--max-measured", "--reads"));
    if (!a.positional().isEmpty()) {
      throw new UsageException("unexpected argument " + a.positional().get(0));
    }
    int max = a.intOption("--max-measured", 10_000, 10, 100_000);
    int reads = a.intOption("--reads", 5, 1, 100);
    String configured = Env.get(Env.DYNAMODB_ENDPOINT);
    if ("aws".equalsIgnoreCase(configured)) {
      throw new UsageException("scripts/measure-fan-out needs a local engine, not DYNAMODB_ENDPOINT=aws");
    }
    LocalEngine engine = null;
    try {
      URI endpoint;
      if (configured != null) {
        endpoint = URI.create(configured.trim());
      } else {
        System.err.println("starting the local engine");
        engine = LocalEngine.start(LocalEngine.script(Env.get(Env.MONOTABLE_ENGINE)), 0);
        LocalEngine started = engine;
        Runtime.getRuntime().addShutdownHook(new Thread(started::close));
        endpoint = engine.endpoint();
      }
      String report = measure(endpoint, Env.region(), max, reads);
      System.out.print(report);
      if (a.flag("--write-docs")) {
        Path doc = Path.of("docs", "social", "fan-out-measured.md");
        Files.createDirectories(doc.getParent());
        Files.writeString(doc, report, StandardCharsets.UTF_8);
        System.err.println("wrote " + doc);
      }
      return 0;
    } finally {
      if (engine != null) {
        engine.close();
      }
    }
  }

  /** One follower count's figures. */
  record Row(int followers, boolean measured, Map<String, Integer> writeRequests, double writeWcu, double writeRcu,
      double writeMs, Map<String, Integer> feedRequests, double feedRcu, double feedMs,
      Map<String, Integer> switchRequests, double switchWcu, double switchMs, Map<String, Integer> mergedRequests,
      double mergedRcu, double mergedMs) {}

  /** The feed page's figures with {@code merged} accounts merged on read. */
  record MergeRow(int merged, Map<String, Integer> requests, double rcu, double ms) {}

  static String measure(URI endpoint, String region, int max, int reads) {
    RequestRecorder recorder = new RequestRecorder();
    DynamoDbClient client = DynamoDbClients.create(endpoint, region, DynamoDbClients.Deadlines.tools(), recorder);
    List<Row> rows = new ArrayList<>();
    Row largest = null;
    for (int f : COUNTS) {
      if (f <= max) {
        System.err.println("measuring " + f + " followers");
        largest = measureCount(client, recorder, f, reads);
        rows.add(largest);
      } else {
        rows.add(computed(largest, f));
      }
    }
    List<MergeRow> merges = new ArrayList<>();
    for (int k : new int[] {0, 1, 5, 20}) {
      System.err.println("measuring a feed page merging " + k + " accounts");
      merges.add(measureMerge(client, recorder, k, reads));
    }
    return markdown(rows, merges, max);
  }

  private static Row measureCount(DynamoDbClient client, RequestRecorder recorder, int followers, int reads) {
    String name = "social-fan-out-" + followers + "-" + System.nanoTime();
    client.createTable(Social.SCHEMA.createTableRequest(name));
    try {
      TableGateway table = new TableGateway(client, name, new CursorCodec((name + "-measure-fan-out-cursor-secret").getBytes(StandardCharsets.UTF_8)),
          Clock.systemUTC());
      Instant now = Instant.now();
      table.putIfAbsent(User.ENTITY.toItem(Map.of("username", "author", "name", "Author", "followerCount",
          (long) followers, "followingCount", 0L, "createdAt", Timestamps.format(now))));
      List<Map<String, AttributeValue>> edges = new ArrayList<>();
      for (int i = 0; i < followers; i++) {
        edges.add(Follow.ENTITY.toItem(Map.of("username", "f" + i, "followee", "author",
            "createdAt", Timestamps.format(now))));
      }
      putAll(table, edges);
      // The reader f0's feed holds PAGE - 1 other posts, so that a page is full.
      List<Map<String, AttributeValue>> others = new ArrayList<>();
      for (int j = 0; j < PAGE - 1; j++) {
        Instant at = now.minusSeconds(60L * (j + 1));
        Map<String, Object> post = Map.of("username", "other" + j, "post", Ulid.derived(at, "other" + j),
            "text", "Another post, about as long as a short post is: " + j, "createdAt", Timestamps.format(at));
        others.add(Post.ENTITY.toItem(post));
        others.add(FeedEntry.ENTITY.toItem(Map.of("username", "f0", "post", post.get("post"), "author", "other" + j,
            "ttl", Timestamps.epochSeconds(at) + FeedEntry.TTL_SECONDS, "createdAt", post.get("createdAt"))));
      }
      putAll(table, others);
      Map<String, AttributeValue> post = post(table, now.plusSeconds(1), "0");
      Feed feed = new Feed(table);

      recorder.reset();
      long t0 = System.nanoTime();
      new FanOut(table, Integer.MAX_VALUE).posted(post);
      double writeMs = (System.nanoTime() - t0) / 1e6;
      Map<String, Integer> writeRequests = count(recorder.calls().operations());
      Map<String, AttributeValue> entry = table.get(FeedEntry.ENTITY.key(Map.of("username", "f0",
          "post", post.get("PostId").s()))).orElseThrow();
      int pages = (followers + FanOut.FOLLOWERS_PAGE - 1) / FanOut.FOLLOWERS_PAGE;
      double writeWcu = followers * (double) wcu(entry) + pages;
      double writeRcu = 2 + pages * Math.max(0.5, 0.5 * Math.ceil(
          Math.min(followers, FanOut.FOLLOWERS_PAGE) * (double) bytes(edges.get(0)) / 4096));

      Read fanned = read(feed, recorder, reads);

      // The one-time switch to merge on read: ST1 on the author's next post at threshold 1.
      Map<String, AttributeValue> second = post(table, now.plusSeconds(2), "1");
      recorder.reset();
      t0 = System.nanoTime();
      new FanOut(table, 1).posted(second);
      double switchMs = (System.nanoTime() - t0) / 1e6;
      Map<String, Integer> switchRequests = count(recorder.calls().operations());
      // Each marked edge is rewritten on the table, GSI1 (its projection is whole) and GSI2: 3 writes.
      double switchWcu = followers * 3.0 + 2;

      Read merged = read(feed, recorder, reads);
      return new Row(followers, true, writeRequests, writeWcu, writeRcu, writeMs, fanned.requests, fanned.rcu,
          fanned.ms, switchRequests, switchWcu, switchMs, merged.requests, merged.rcu, merged.ms);
    } finally {
      client.deleteTable(DeleteTableRequest.builder().tableName(name).build());
    }
  }

  /** A count too large to load here: requests from the formulas, time from the largest measured count per follower. */
  private static Row computed(Row base, int f) {
    int pages = (f + FanOut.FOLLOWERS_PAGE - 1) / FanOut.FOLLOWERS_PAGE;
    int batches = (f + FanOut.BATCH - 1) / FanOut.BATCH;
    double scale = (double) f / base.followers();
    Map<String, Integer> write = new TreeMap<>(Map.of("BatchGetItem", 1, "Query", pages, "BatchWriteItem", batches,
        "UpdateItem", pages));
    Map<String, Integer> change = new TreeMap<>(Map.of("BatchGetItem", 1, "Query", pages, "UpdateItem", f + 2));
    return new Row(f, false, write, base.writeWcu() * scale, 2 + (base.writeRcu() - 2) * scale, base.writeMs() * scale,
        base.feedRequests(), base.feedRcu(), base.feedMs(), change, f * 3.0 + 2, base.switchMs() * scale,
        base.mergedRequests(), base.mergedRcu(), base.mergedMs());
  }

  private static MergeRow measureMerge(DynamoDbClient client, RequestRecorder recorder, int k, int reads) {
    String name = "social-merge-" + k + "-" + System.nanoTime();
    client.createTable(Social.SCHEMA.createTableRequest(name));
    try {
      TableGateway table = new TableGateway(client, name, new CursorCodec((name + "-measure-fan-out-cursor-secret").getBytes(StandardCharsets.UTF_8)),
          Clock.systemUTC());
      Instant now = Instant.now();
      List<Map<String, AttributeValue>> items = new ArrayList<>();
      for (int j = 0; j < PAGE; j++) {
        Instant at = now.minusSeconds(60L * (j + 1));
        Map<String, Object> post = Map.of("username", "other" + j, "post", Ulid.derived(at, "other" + j),
            "text", "Another post, about as long as a short post is: " + j, "createdAt", Timestamps.format(at));
        items.add(Post.ENTITY.toItem(post));
        items.add(FeedEntry.ENTITY.toItem(Map.of("username", "f0", "post", post.get("post"), "author", "other" + j,
            "ttl", Timestamps.epochSeconds(at) + FeedEntry.TTL_SECONDS, "createdAt", post.get("createdAt"))));
      }
      for (int c = 0; c < k; c++) {
        items.add(Follow.ENTITY.toItem(Map.of("username", "f0", "followee", "star" + c, "above",
            Timestamps.format(now), "createdAt", Timestamps.format(now))));
        for (int j = 0; j < PAGE; j++) {
          Instant at = now.minusSeconds(60L * j + c + 1);
          items.add(Post.ENTITY.toItem(Map.of("username", "star" + c, "post", Ulid.derived(at, "star" + c + "-" + j),
              "text", "A post of an account above the threshold: " + j, "createdAt", Timestamps.format(at))));
        }
      }
      putAll(table, items);
      Read r = read(new Feed(table), recorder, reads);
      return new MergeRow(k, r.requests, r.rcu, r.ms);
    } finally {
      client.deleteTable(DeleteTableRequest.builder().tableName(name).build());
    }
  }

  private record Read(Map<String, Integer> requests, double rcu, double ms) {}

  /** f0's first feed page, {@code reads} times: its requests, its read units by DynamoDB's rules, the median time. */
  private static Read read(Feed feed, RequestRecorder recorder, int reads) {
    double[] ms = new double[reads];
    Map<String, Integer> requests = null;
    double rcu = 0;
    for (int i = 0; i < reads; i++) {
      recorder.reset();
      long t0 = System.nanoTime();
      Feed.FeedPage page = feed.page("f0", PageRequest.first(PAGE));
      ms[i] = (System.nanoTime() - t0) / 1e6;
      requests = count(recorder.calls().operations());
      // Strongly consistent: the Queries 1 unit per 4 KB read (at least 1), the BatchGetItem 1 per item
      // (posts are under 4 KB); SO20's Query of GSI2 is eventually consistent, 0.5.
      int queries = requests.getOrDefault("Query", 0);
      int fetched = requests.containsKey("BatchGetItem") ? (int) page.items().stream()
          .filter(p -> !((String) p.get("username")).startsWith("star")).count() : 0;
      rcu = 0.5 + (queries - 1) * Math.max(1, Math.ceil(PAGE * 250.0 / 4096)) + fetched;
    }
    Arrays.sort(ms);
    return new Read(requests, rcu, ms[reads / 2]);
  }

  private static Map<String, AttributeValue> post(TableGateway table, Instant at, String n) {
    Map<String, AttributeValue> item = Post.ENTITY.toItem(Map.of("username", "author", "post",
        Ulid.derived(at, "author-" + n), "text", "The author's post " + n, "createdAt", Timestamps.format(at)));
    table.putIfAbsent(item);
    return item;
  }

  private static void putAll(TableGateway table, List<Map<String, AttributeValue>> items) {
    for (int from = 0; from < items.size(); from += FanOut.BATCH) {
      List<Map<String, AttributeValue>> left = table.batchPut(items.subList(from,
          Math.min(items.size(), from + FanOut.BATCH)), 10);
      if (!left.isEmpty()) {
        throw new IllegalStateException(left.size() + " items unprocessed while loading");
      }
    }
  }

  private static Map<String, Integer> count(List<String> operations) {
    Map<String, Integer> out = new TreeMap<>();
    operations.forEach(o -> out.merge(o, 1, Integer::sum));
    return out;
  }

  /** Write units of one item: 1 per KB, rounded up. */
  private static int wcu(Map<String, AttributeValue> item) {
    return (int) Math.ceil(bytes(item) / 1024.0);
  }

  /** An item's size by DynamoDB's rules for strings and numbers: names plus values. */
  static int bytes(Map<String, AttributeValue> item) {
    int n = 0;
    for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
      n += e.getKey().getBytes(StandardCharsets.UTF_8).length;
      AttributeValue v = e.getValue();
      n += v.s() != null ? v.s().getBytes(StandardCharsets.UTF_8).length : v.n() != null ? (v.n().length() + 1) / 2 + 1 : 1;
    }
    return n;
  }

  static String markdown(List<Row> rows, List<MergeRow> merges, int max) {
    StringBuilder md = new StringBuilder();
    md.append("<!-- Written by scripts/measure-fan-out --write-docs (dev.monotable.social.tools.FanOutMeasureScript). -->\n\n");
    md.append("# Fan-out on write against merge on read, measured\n\n");
    md.append("One author, one post, on the local engine. **measured**: loaded and run here (up to ")
        .append(String.format(Locale.ROOT, "%,d", max)).append(" followers); **computed**: requests from the ")
        .append("formulas of `FanOut` (a Query per 100 followers, a BatchWriteItem per 25 entries, a checkpoint per ")
        .append("page), capacity by DynamoDB's rules from the measured item sizes, time scaled linearly from the ")
        .append("largest measured count. Times are the local engine's, not DynamoDB's.\n\n");
    md.append("## Per post: fan-out on write (ST1)\n\n");
    md.append("| followers | figures | requests | write units | read units | time (ms) |\n|---|---|---|---|---|---|\n");
    for (Row r : rows) {
      md.append(String.format(Locale.ROOT, "| %,d | %s | %s | %,.0f | %,.1f | %,.0f |%n", r.followers(),
          r.measured() ? "measured" : "computed", ops(r.writeRequests()), r.writeWcu(), r.writeRcu(), r.writeMs()));
    }
    md.append("\n## Once per author: the switch to merge on read (ST1 at the threshold)\n\n");
    md.append("| followers | figures | requests | write units | time (ms) |\n|---|---|---|---|---|\n");
    for (Row r : rows) {
      md.append(String.format(Locale.ROOT, "| %,d | %s | %s | %,.0f | %,.0f |%n", r.followers(),
          r.measured() ? "measured" : "computed", ops(r.switchRequests()), r.switchWcu(), r.switchMs()));
    }
    md.append("\n## Per feed page (").append(PAGE).append(" posts) of a follower\n\n");
    md.append("| followers of the author | figures | fanned out: requests | read units | ms (median) "
        + "| merged on read: requests | read units | ms (median) |\n|---|---|---|---|---|---|---|---|\n");
    for (Row r : rows) {
      md.append(String.format(Locale.ROOT, "| %,d | %s | %s | %.1f | %.1f | %s | %.1f | %.1f |%n", r.followers(),
          r.measured() ? "measured" : "computed (independent of followers)", ops(r.feedRequests()), r.feedRcu(),
          r.feedMs(), ops(r.mergedRequests()), r.mergedRcu(), r.mergedMs()));
    }
    md.append("\n## Per feed page, by accounts merged on read (measured)\n\n");
    md.append("| accounts merged | requests | read units | ms (median) |\n|---|---|---|---|\n");
    for (MergeRow m : merges) {
      md.append(String.format(Locale.ROOT, "| %d | %s | %.1f | %.1f |%n", m.merged(), ops(m.requests()), m.rcu(),
          m.ms()));
    }
    return md.toString();
  }

  private static String ops(Map<String, Integer> ops) {
    List<String> out = new ArrayList<>();
    new TreeMap<>(ops).forEach((k, v) -> out.add(String.format(Locale.ROOT, "%,d %s", v, k)));
    return out.isEmpty() ? "none" : String.join(", ", out);
  }

}

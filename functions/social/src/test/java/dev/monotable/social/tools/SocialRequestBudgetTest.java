package dev.monotable.social.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.bench.BenchCase;
import dev.monotable.kit.bench.BenchDomain;
import dev.monotable.kit.bench.BenchTable;
import dev.monotable.kit.bench.Invoker;
import dev.monotable.kit.bench.RequestRecorder;
import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.social.Social;
import dev.monotable.social.functions.SocialServices;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.DynamoDbLimitGuard;
import dev.monotable.testing.LocalDynamoDb;
import dev.monotable.testing.TableOf;
import dev.monotable.testing.TestTable;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Social's request budget: each route's bench case (given or derived) on the demo data makes
 * exactly these requests, in order. The feed of ann, who follows one account below the threshold
 * (bob, fanned out) and one above it (star, merged on read): the Query of GSI2, the Query of her
 * feed partition, one Query of star's posts, one BatchGetItem of the fanned-out posts on the page.
 */
@ExtendWith(DynamoDbExtension.class)
@TableOf(Social.class)
class SocialRequestBudgetTest {

  private static final Map<String, List<String>> EXPECTED = new LinkedHashMap<>();

  static {
    String post = "/users/{username}/posts/{post}";
    EXPECTED.put("PUT /users/{username}", List.of("PutItem"));
    EXPECTED.put("GET /users/{username}", List.of("GetItem"));
    EXPECTED.put("POST /users/{username}/posts", List.of("TransactWriteItems"));
    EXPECTED.put("GET /users/{username}/posts", List.of("Query"));
    EXPECTED.put("GET " + post, List.of("GetItem"));
    EXPECTED.put("DELETE " + post, List.of("DeleteItem"));
    EXPECTED.put("PUT /users/{username}/following/{followee}", List.of("GetItem", "TransactWriteItems"));
    EXPECTED.put("DELETE /users/{username}/following/{followee}", List.of("TransactWriteItems"));
    EXPECTED.put("GET /users/{username}/following", List.of("Query"));
    EXPECTED.put("GET /users/{username}/followers", List.of("Query"));
    EXPECTED.put("POST " + post + "/comments", List.of("TransactWriteItems"));
    EXPECTED.put("GET /posts/{post}/comments", List.of("Query"));
    EXPECTED.put("DELETE " + post + "/comments/{comment}", List.of("DeleteItem"));
    EXPECTED.put("PUT " + post + "/likes/{liker}", List.of("TransactWriteItems"));
    EXPECTED.put("DELETE " + post + "/likes/{liker}", List.of("TransactWriteItems"));
    EXPECTED.put("GET /posts/{post}/likes", List.of("Query"));
    EXPECTED.put("GET " + post + "/like-count", List.of("BatchGetItem"));
    EXPECTED.put("GET /users/{username}/feed", List.of("Query", "Query", "Query", "BatchGetItem"));
    EXPECTED.put("GET /health", List.of());
  }

  @Test
  void everyRoute_shouldMakeExactlyItsRequests(TestTable table) {
    SocialDev dev = new SocialDev();
    @SuppressWarnings("unchecked")
    BenchDomain<SocialServices> bench = (BenchDomain<SocialServices>) dev.bench();
    RequestRecorder recorder = new RequestRecorder();
    var client = DynamoDbClients.create(LocalDynamoDb.endpoint(), DynamoDbExtension.region(),
        new DynamoDbLimitGuard(), recorder);
    Invoker<SocialServices> invoker = new Invoker<>(BenchTable.wire(dev.local(), bench,
        new TableGateway(client, table.name(), table.cursors(), Clock.systemUTC())).load(bench), recorder);
    Map<String, List<String>> measured = new LinkedHashMap<>();
    for (BenchCase<SocialServices> c : bench.cases(Social.DOMAIN)) {
      Invoker.Sample s = invoker.invoke(c);
      assertTrue(s.ok(), c.label() + " answered " + s.status() + ": " + s.body());
      measured.put(c.endpoint().routeKey(), s.calls().operations());
    }
    assertEquals(EXPECTED, measured);
  }
}

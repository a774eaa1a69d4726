package dev.monotable.forge.bench;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.monotable.forge.peer.CreateCommentHandler;
import dev.monotable.forge.peer.CreateIssueHandler;
import dev.monotable.forge.peer.GetIssueHandler;
import dev.monotable.forge.peer.ListOpenIssuesHandler;
import dev.monotable.forge.ForgePattern;
import dev.monotable.forge.functions.Services;
import dev.monotable.kit.bench.BenchCase;
import dev.monotable.kit.bench.BenchDomain;
import dev.monotable.kit.bench.PeerBench;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.data.TableGateway;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Forge's declarations for the kit's bench ({@code scripts/bench}): the fixture of every route
 * ({@link Cases}) over the demo data plus {@link BenchData}, the cold-start subset, the scale
 * patterns, and the conventional peer of module {@code bench/} ({@code dev.monotable.forge.peer}).
 * Each pattern's request allowance is declared on {@link ForgePattern} ({@code allowing}).
 */
public final class ForgeBench implements BenchDomain<Services> {

  /** The cold-start subset: no table access, one GetItem, one BatchGetItem, a list, a transaction, a multi-request write. */
  static final Set<String> COLD_SUBSET = Set.of("HealthHandler", "GetUserHandler", "GetRepoHandler",
      "ListIssuesHandler", "CreateUserHandler", "CreateIssueHandler");

  /** The patterns of the scale table: reads of one item, of a page, and the compared writes. */
  static final List<String> SCALE_PATTERNS = List.of("AP14", "AP15", "AP23", "AP25", "AP29", "AP22", "AP28");

  /** The conventional peer: hand-written keys on the enhanced client, one handler per compared pattern. */
  static final Peer PEER = new Peer() {
    private final Map<DeclaredPattern, BiFunction<DynamoDbEnhancedClient, String,
        RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse>>> handlers = Map.of(
        ForgePattern.AP23, GetIssueHandler::new,
        ForgePattern.AP25, ListOpenIssuesHandler::new,
        ForgePattern.AP22, CreateIssueHandler::new,
        ForgePattern.AP28, CreateCommentHandler::new);

    /** A GetItem pattern, a Query one, a two-write one and a transaction one. */
    private final List<PeerBench.Pair> pairs = List.of(
        new PeerBench.Pair(ForgePattern.AP23, "GetItem", GetIssueHandler.class.getName(), "title"),
        new PeerBench.Pair(ForgePattern.AP25, "Query", ListOpenIssuesHandler.class.getName(), null),
        new PeerBench.Pair(ForgePattern.AP22, "UpdateItem + TransactWriteItems", CreateIssueHandler.class.getName(), null),
        new PeerBench.Pair(ForgePattern.AP28, "transaction", CreateCommentHandler.class.getName(), null));

    @Override
    public String jar() {
      // Built by mvn package like the functions Lambda jar.
      return "bench/target/monotable-bench-peer-lambda.jar";
    }

    @Override
    public List<PeerBench.Pair> pairs() {
      return pairs;
    }

    @Override
    public RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> handler(PeerBench.Pair pair,
        DynamoDbClient client, String table) {
      var build = handlers.get(pair.pattern());
      if (build == null) {
        throw new IllegalArgumentException("the peer does not serve " + pair.pattern().name());
      }
      return build.apply(DynamoDbEnhancedClient.builder().dynamoDbClient(client).build(), table);
    }
  };

  @Override
  public Services services(TableGateway table) {
    return new Services(table, null);
  }

  @Override
  public void addBenchData(Services services) {
    BenchData.add(services);
  }

  @Override
  public List<BenchCase<Services>> cases() {
    return Cases.all();
  }

  @Override
  public Set<String> coldSubset() {
    return COLD_SUBSET;
  }

  @Override
  public List<String> scalePatterns() {
    return SCALE_PATTERNS;
  }

  @Override
  public Peer peer() {
    return PEER;
  }
}

package dev.monotable.kit.bench;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.http.DomainServices;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * What {@code scripts/bench} needs of a domain beyond its other facets: a fixture per route
 * ({@link BenchCase}), the data those fixtures need on top of the demo dataset, which handlers and
 * patterns the cold starts and scale runs take by default, and the conventional peer it is compared
 * with, if any. The handlers come from {@link dev.monotable.kit.local.LocalDomain#wire}, the demo
 * data from {@link dev.monotable.kit.local.LocalDomain.Wiring#seedDemo}, the scale data from
 * {@link dev.monotable.kit.ops.OpsDomain#scaleData}, each pattern's request allowance from
 * {@link dev.monotable.kit.catalog.AccessPatternSpec#requestAllowance()}.
 *
 * @param <S> the domain's services, through which its fixtures prepare and read the table
 */
public interface BenchDomain<S extends DomainServices> {

  /** The domain's services over one table, for the fixtures' unmeasured setup. */
  S services(TableGateway table);

  /**
   * Writes what the cases need beyond the demo dataset (already written): write targets the read
   * cases never list, so the lists measured keep their size however many writes ran; nothing by
   * default.
   */
  default void addBenchData(S services) {}

  /**
   * Fresh cases (each with its own invocation counter and version): every route at least once, a
   * list route once per variant.
   */
  List<BenchCase<S>> cases();

  /**
   * Values of the demo data for path parameters ({@code username} to a demo user's name), from which
   * the kit derives the cases of the plain reads {@link #cases()} leaves out ({@link BenchCase#derived}).
   */
  default Map<String, String> samples() {
    return Map.of();
  }

  /**
   * Every case the bench runs on {@code domain}: {@link #cases()}, then a derived case for each
   * route they leave out that the kit can derive one for. What the bench and the domain-wide
   * checks read.
   */
  default List<BenchCase<S>> cases(Domain domain) {
    List<BenchCase<S>> all = new ArrayList<>(cases());
    for (Endpoint e : domain.endpoints()) {
      if (all.stream().noneMatch(c -> c.endpoint().equals(e))) {
        BenchCase.<S>derived(e, samples()).ifPresent(all::add);
      }
    }
    return all;
  }

  /** Simple names of the handler classes cold-started by default (without {@code --cold-all}). */
  Set<String> coldSubset();

  /** AP ids of the scale runs: the patterns whose cost may grow with the table. */
  List<String> scalePatterns();

  /** The conventional peer the domain is compared with, or null when it has none (the default). */
  default Peer peer() {
    return null;
  }

  /**
   * A conventional implementation of some of the domain's routes: its Lambda jar, the compared
   * patterns, and how its handlers are built over a client and a table.
   */
  interface Peer {

    /** The peer's shaded Lambda jar, relative to the repository root. */
    String jar();

    /** The compared patterns, each answered by the domain's case of that pattern and a peer handler. */
    List<PeerBench.Pair> pairs();

    /** The peer handler of {@code pair} over {@code client} and {@code table} (in-process, warm). */
    RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> handler(PeerBench.Pair pair,
        DynamoDbClient client, String table);
  }
}

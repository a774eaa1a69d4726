package dev.monotable.kit.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.Calls;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.KeyCondition;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.http.DomainServices;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.schema.TableSchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The bench derives the case of a plain read from its route's declaration and the domain's sample
 * values; writes, custom routes and routes whose parameters have no sample stay the domain's to give.
 */
class DerivedCasesTest {

  static final Template SHELF = Template.of("SHELF#{shelf}");
  static final Entity BOOK = Entity.of("Book", SHELF, Template.of("BOOK#{book}"))
      .attributes(Attr.segment("Shelf", "shelf", Pattern.compile("^[a-z]+$"), "its shelf"),
          Attr.segment("Book", "book", Pattern.compile("^[a-z]+$"), "its id"))
      .build();
  static final DeclaredPattern GET = DeclaredPattern.get("B1", "get a book", BOOK);
  static final DeclaredPattern LIST = DeclaredPattern.list("B2", "a shelf's books", BOOK, KeyCondition.query(SHELF));
  static final DeclaredPattern REMOVE = DeclaredPattern.remove("B3", "remove a book", BOOK);
  static final DeclaredPattern STATS = DeclaredPattern.of("B4", "shelf statistics", Calls.none(),
      KeyCondition.none(), "shelf");
  static final DeclaredPattern HEALTH = DeclaredPattern.of("B9", "liveness", Calls.none(), KeyCondition.none(), "")
      .allowing(0, "no table access");

  static final Domain SHELVES = new Domain() {
    @Override
    public String name() {
      return "Shelves";
    }

    @Override
    public TableSchema schema() {
      return TableSchema.of();
    }

    @Override
    public List<? extends AccessPatternSpec> accessPatterns() {
      return List.of(GET, LIST, REMOVE, STATS, HEALTH);
    }

    @Override
    public List<Endpoint> endpoints() {
      return List.of(Endpoint.plain("GET", "/shelves/{shelf}/books/{book}", Auth.REQUIRED, GET).ownedBy("shelf"),
          Endpoint.plain("GET", "/shelves/{shelf}/books", Auth.NONE, LIST),
          Endpoint.plain("GET", "/staff/{shelf}/books", Auth.REQUIRED, LIST).forGroup("staff"),
          Endpoint.plain("GET", "/any/{shelf}/books", Auth.REQUIRED, LIST),
          Endpoint.plain("DELETE", "/shelves/{shelf}/books/{book}", Auth.NONE, REMOVE),
          Endpoint.of("GET", "/shelves/{shelf}/stats", "x.StatsHandler", Auth.NONE, STATS),
          Endpoint.health(HEALTH));
    }

    @Override
    public List<StreamHandlerDeclaration> streams() {
      return List.of();
    }
  };

  /** A bench that gives one case (the list's) and the sample values of both parameters. */
  static final class Given implements BenchDomain<DomainServices> {
    final Map<String, String> samples;

    Given(Map<String, String> samples) {
      this.samples = samples;
    }

    @Override
    public DomainServices services(TableGateway table) {
      return null;
    }

    @Override
    public void addBenchData(DomainServices services) {}

    @Override
    public List<BenchCase<DomainServices>> cases() {
      return List.of(BenchCase.route(SHELVES, "GET /shelves/{shelf}/books",
          i -> BenchRequest.anonymous().path("shelf", "given")));
    }

    @Override
    public Map<String, String> samples() {
      return samples;
    }

    @Override
    public Set<String> coldSubset() {
      return Set.of();
    }

    @Override
    public List<String> scalePatterns() {
      return List.of();
    }

    @Override
    public Peer peer() {
      return null;
    }
  }

  @Test
  void plainReadsAndHealth_shouldGetCases_askedByWhomTheirAccessAdmits() {
    Map<String, BenchRequest> requests = new LinkedHashMap<>();
    for (BenchCase<DomainServices> c : new Given(Map.of("shelf", "oak", "book", "dune")).cases(SHELVES)) {
      requests.put(c.label(), c.next(null));
    }
    Map<String, BenchRequest> want = new LinkedHashMap<>();
    want.put("GET /shelves/{shelf}/books", BenchRequest.anonymous().path("shelf", "given"));
    want.put("GET /shelves/{shelf}/books/{book}", BenchRequest.as("oak").path("shelf", "oak").path("book", "dune"));
    want.put("GET /staff/{shelf}/books", BenchRequest.asMemberOf("bench", "staff").path("shelf", "oak"));
    want.put("GET /any/{shelf}/books", BenchRequest.as("bench").path("shelf", "oak"));
    want.put("GET /health", BenchRequest.anonymous());
    assertEquals(want, requests);
    assertEquals(List.of("DELETE /shelves/{shelf}/books/{book}", "GET /shelves/{shelf}/stats"),
        BenchCase.uncovered(SHELVES, new Given(Map.of("shelf", "oak", "book", "dune")).cases(SHELVES)));
  }

  @Test
  void aParameterWithoutSample_shouldLeaveItsRouteUncovered() {
    List<String> uncovered = BenchCase.uncovered(SHELVES, new Given(Map.of("shelf", "oak")).cases(SHELVES));
    assertEquals(List.of("GET /shelves/{shelf}/books/{book}", "DELETE /shelves/{shelf}/books/{book}",
        "GET /shelves/{shelf}/stats"), uncovered);
  }
}

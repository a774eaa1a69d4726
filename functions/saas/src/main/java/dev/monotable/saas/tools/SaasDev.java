package dev.monotable.saas.tools;

import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.bench.BenchCase;
import dev.monotable.kit.bench.BenchDomain;
import dev.monotable.kit.bench.BenchRequest;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.docs.ApiShape;
import dev.monotable.kit.docs.DocsDomain;
import dev.monotable.kit.docs.JsonSchema;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.local.LocalDomain;
import dev.monotable.kit.ops.OpsDomain;
import dev.monotable.kit.tools.DevDomain;
import dev.monotable.kit.tools.DevFacet;
import dev.monotable.saas.Saas;
import dev.monotable.saas.SaasPattern;
import dev.monotable.saas.charts.SaasCharts;
import dev.monotable.saas.functions.SaasServices;
import dev.monotable.saas.model.Organization;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * SaaS for the kit's dev-time programs (registered in META-INF/services): its demo data and what
 * the kit cannot derive from the declarations (the custom routes' answers, the writes' bench cases).
 */
public final class SaasDev implements DevDomain {

  private static final String DEMO_TIME = "2026-01-01T00:00:00.000Z";
  /** Key values of the demo data (ann owns acme): the reads' bench cases and read patterns come from them. */
  static final Map<String, String> SAMPLES = Map.of("username", "ann", "email", "ann@example.com", "org", "acme");

  @Override
  public Domain domain() {
    return Saas.DOMAIN;
  }

  @Override
  public EntityModel entities() {
    return SaasCharts.MODEL;
  }

  @Override
  public LocalDomain local() {
    return new Local(this);
  }

  @Override
  public OpsDomain ops() {
    return new Ops(this);
  }

  @Override
  public DocsDomain docs() {
    return new Docs(this);
  }

  @Override
  public BenchDomain<?> bench() {
    return new Bench();
  }

  /** Runs {@code pattern}'s declared write with these values (the demo data's and the bench's setup). */
  static void write(TableGateway table, DeclaredPattern pattern, Object... keyValues) {
    Map<String, Object> values = new HashMap<>(Map.of("createdAt", Timestamps.format(table.clock().instant()),
        "role", "owner", "members", 1,
        "plan", "free", "seats", 1, "now", Timestamps.format(table.clock().instant())));
    for (int i = 0; i < keyValues.length; i += 2) {
      values.put((String) keyValues[i], keyValues[i + 1]);
    }
    pattern.writes().commit(table, values);
  }

  /** Users ann, bob and cy; acme owned by ann, bob a member, cy invited; globex owned by bob, ann invited. */
  static void seed(TableGateway t) {
    for (String u : List.of("ann", "bob", "cy")) {
      write(t, SaasPattern.SA01, "username", u, "email", u + "@example.com", "name", u.toUpperCase());
    }
    write(t, SaasPattern.SA04, "org", "acme", "name", "Acme", "caller", "ann");
    write(t, SaasPattern.SA04, "org", "globex", "name", "Globex", "caller", "bob");
    java.time.Instant expires = t.clock().instant().plus(SaasServices.INVITATION_TTL);
    for (String[] i : new String[][] {{"acme", "ann", "bob"}, {"acme", "ann", "cy"}, {"globex", "bob", "ann"}}) {
      write(t, SaasPattern.SA10, "org", i[0], "email", i[2] + "@example.com", "role", "member", "caller", i[1],
          "invitedBy", i[1], "expiresAt", Timestamps.format(expires), "ttl", expires.getEpochSecond());
    }
    write(t, SaasPattern.SA13, "org", "acme", "email", "bob@example.com", "role", "member", "caller", "bob");
  }

  /** The services over one table (the handlers come from the routes' declarations), and the demo data. */
  static final class Local extends DevFacet implements LocalDomain {
    Local(DevDomain dev) {
      super(dev);
    }

    @Override
    public Wiring wire(TableGateway table, JwtVerifier verifier) {
      SaasServices services = new SaasServices(table, verifier);
      return new Wiring() {
        @Override
        public SaasServices services() {
          return services;
        }

        @Override
        public void seedDemo() {
          seed(table);
        }
      };
    }

    @Override
    public String demoSummary() {
      return "users ann, bob, cy; organizations acme (ann owner, bob member, cy invited), globex (bob; ann invited)";
    }

    @Override
    public List<String> examples(String baseUrl) {
      String ann = "-H \"authorization: Bearer $(scripts/token ann)\"";
      return List.of("curl -s " + ann + " " + baseUrl + "/orgs/acme/members",
          "curl -s -X POST -H \"authorization: Bearer $(scripts/token cy)\" " + baseUrl
              + "/orgs/acme/invitations/cy@example.com/accept -H 'content-type: application/json' -d '{\"role\":\"member\"}'");
    }
  }

  /** Scale data for the operator tools: organizations, each with its owner. */
  static final class Ops extends DevFacet implements OpsDomain {
    Ops(DevDomain dev) {
      super(dev);
    }

    @Override
    public Map<String, String> samples() {
      return SAMPLES;
    }

    @Override
    public void scaleData(long seed, int n, Consumer<Map<String, AttributeValue>> sink) {
      for (int i = 0; i < n; i++) {
        String org = "scale-" + seed + "-" + i;
        sink.accept(Organization.ENTITY.toItem(Map.of("org", org, "name", org, "members", 1, "createdAt", DEMO_TIME)));
      }
    }
  }

  /** SaaS's docs (docs/saas/): the custom routes' answers; the rest is derived. */
  static final class Docs extends DevFacet implements DocsDomain {
    Docs(DevDomain dev) {
      super(dev);
    }

    @Override
    public ApiShape shape(Endpoint e) {
      Map<String, Object> body = JsonSchema.body(e.body());
      return switch (e.patterns().get(0).name()) {
        case "SA01" -> ApiShape.create("create a user: 409 naming username or email when taken", "User", body);
        case "SA04" -> ApiShape.create("create an organization: the caller its owner, on the free plan",
            "Organization", body);
        case "SA10" -> ApiShape.create("invite an address for 7 days, replacing an earlier invitation", "Invitation",
            body);
        case "SA13" -> ApiShape.create("accept an invitation sent to your address: you become a member",
            "Membership", body);
        default -> DocsDomain.super.shape(e);
      };
    }

    @Override
    public String contractIntro() {
      return "The SaaS system of seed 004 §8.2: users with a unique username and e-mail address, organizations "
          + "with their members, subscription and invitations; members-only reads, owner/admin writes.";
    }
  }

  /** The writes' cases for scripts/bench (the kit derives the reads' from the samples); no conventional peer. */
  static final class Bench implements BenchDomain<SaasServices> {
    @Override
    public SaasServices services(TableGateway table) {
      return new SaasServices(table, null);
    }

    @Override
    public Map<String, String> samples() {
      return SAMPLES;
    }

    @Override
    public List<BenchCase<SaasServices>> cases() {
      Domain d = Saas.DOMAIN;
      String run = Long.toString(System.nanoTime() % 1_000_000_000L, 36); // new names on every run over one table
      return List.of(
          BenchCase.route(d, "PUT /users/{username}", i -> BenchRequest.as("b" + run + i).path("username", "b" + run + i)
              .body("{\"email\":\"b" + run + i + "@example.com\",\"name\":\"Bench\"}")),
          BenchCase.route(d, "PUT /orgs/{org}", i -> BenchRequest.as("ann").path("org", "o" + run + i)
              .body("{\"name\":\"Bench\"}")),
          BenchCase.<SaasServices>route(d, "PATCH /orgs/{org}/subscription", i -> BenchRequest.as("ann")
              .path("org", "acme").body("{\"plan\":\"team\",\"seats\":" + (i + 1) + "}"))
              .ifMatch(s -> (Long) Organization.SUBSCRIPTION.values(s.table().get(Organization.SUBSCRIPTION.key(
                  Map.of("org", "acme"))).orElseThrow()).get("version")),
          BenchCase.route(d, "PUT /orgs/{org}/invitations/{email}", i -> BenchRequest.as("ann").path("org", "acme")
              .path("email", "i" + run + i + "@example.com").body("{\"role\":\"member\"}")),
          BenchCase.<SaasServices>route(d, "POST /orgs/{org}/invitations/{email}/accept", i -> BenchRequest
              .as("a" + run + i).path("org", "acme").path("email", "a" + run + i + "@example.com")
              .body("{\"role\":\"member\"}"))
              .before((s, i) -> {
                write(s.table(), SaasPattern.SA01, "username", "a" + run + i, "email", "a" + run + i + "@example.com",
                    "name", "Bench");
                java.time.Instant expires = s.table().clock().instant().plus(SaasServices.INVITATION_TTL);
                write(s.table(), SaasPattern.SA10, "org", "acme", "email", "a" + run + i + "@example.com", "role",
                    "member", "caller", "ann", "invitedBy", "ann", "expiresAt", Timestamps.format(expires),
                    "ttl", expires.getEpochSecond());
              }));
    }

    @Override
    public Set<String> coldSubset() {
      return Set.of("SA13Route");
    }

    @Override
    public List<String> scalePatterns() {
      return List.of();
    }
  }
}

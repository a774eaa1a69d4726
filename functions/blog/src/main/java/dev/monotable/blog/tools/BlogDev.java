package dev.monotable.blog.tools;

import dev.monotable.blog.Blog;
import dev.monotable.blog.charts.BlogCharts;
import dev.monotable.blog.functions.BlogServices;
import dev.monotable.blog.model.Post;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.bench.BenchCase;
import dev.monotable.kit.bench.BenchDomain;
import dev.monotable.kit.bench.BenchRequest;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.docs.ApiShape;
import dev.monotable.kit.docs.DocsDomain;
import dev.monotable.kit.docs.JsonSchema;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.keys.Segments;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.keys.Ulid;
import dev.monotable.kit.local.LocalDomain;
import dev.monotable.kit.ops.OpsDomain;
import dev.monotable.kit.tools.DevDomain;
import dev.monotable.kit.tools.DevFacet;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The blog for the kit's dev-time programs (registered in META-INF/services): its demo data, what
 * the operator tools, the docs generator and the bench need.
 */
public final class BlogDev implements DevDomain {

  static final Instant DEMO_TIME = Instant.parse("2026-01-01T00:00:00Z");

  /** Key values of the demo data: the kit derives the read patterns and the reads' bench cases from them. */
  static final Map<String, String> SAMPLES = Map.of("username", "ann", "email", "ann@example.com", "post",
      demoPost(0));

  /** The id of ann's demo post {@code i} (0-2), one hour apart: the same on every start. */
  public static String demoPost(int i) {
    return Ulid.derived(DEMO_TIME.plusSeconds(3600L * i), "demo-" + i);
  }

  @Override
  public Domain domain() {
    return Blog.DOMAIN;
  }

  @Override
  public EntityModel entities() {
    return BlogCharts.MODEL;
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

  /** The services over one table (the handlers come from the routes' declarations), and the demo data. */
  static final class Local extends DevFacet implements LocalDomain {
    Local(DevDomain dev) {
      super(dev);
    }

    @Override
    public Wiring wire(TableGateway table, JwtVerifier verifier) {
      BlogServices services = new BlogServices(table, verifier);
      return new Wiring() {
        @Override
        public BlogServices services() {
          return services;
        }

        @Override
        public void seedDemo() {
          services.users().create("ann", "ann@example.com", "Ann");
          services.users().create("bob", "bob@example.com", "Bob");
          for (int i = 0; i < 3; i++) {
            services.posts().create(Map.of("username", "ann", "post", demoPost(i), "title", "Post " + i,
                "content", "Hello number " + i, "createdAt", Timestamps.format(DEMO_TIME.plusSeconds(3600L * i))));
          }
          Post.PUBLISHING.move(services.table(), Map.of("username", "ann", "post", demoPost(0)), Post.PUBLISHED, null);
        }
      };
    }

    @Override
    public String demoSummary() {
      return "users ann (3 posts, the first published), bob";
    }

    @Override
    public List<String> examples(String baseUrl) {
      return List.of("curl -s " + baseUrl + "/users/ann/posts?limit=2",
          "curl -s " + baseUrl + "/users/ann/posts/" + demoPost(0),
          "curl -s -X POST " + baseUrl + "/users/ann/posts -H \"authorization: Bearer $(scripts/token ann)\" "
              + "-H 'content-type: application/json' -d '{\"title\":\"Hi\",\"content\":\"Hello\"}'");
    }
  }

  /** Scale data for the operator tools (the kit derives read patterns from the samples, backfill from the entities). */
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
        Instant at = DEMO_TIME.plusSeconds(i);
        sink.accept(Post.ENTITY.toItem(Map.of("username", "scale-" + seed + "-" + (i % 100), "post",
            Ulid.derived(at, seed + "-" + i), "title", "post " + i, "content", "text " + i,
            "createdAt", Timestamps.format(at))));
      }
    }
  }

  /** The blog's docs (docs/blog/): what the kit does not derive, the custom routes' shapes and two passages. */
  static final class Docs extends DevFacet implements DocsDomain {
    Docs(DevDomain dev) {
      super(dev);
    }

    @Override
    public ApiShape shape(Endpoint endpoint) {
      Map<String, Object> body = endpoint.body().isEmpty() ? null : JsonSchema.body(endpoint.body());
      return switch (endpoint.routeKey()) {
        case "PUT /users/{username}" -> ApiShape.create("create a user: 409 naming username or email when taken",
            "User", body);
        case "GET /emails/{email}/user" -> ApiShape.read("find a user by e-mail address", JsonSchema.ref("User"));
        case "POST /users/{username}/posts" -> ApiShape.create("create a post (version 1)", "Post", body);
        default -> DocsDomain.super.shape(endpoint);
      };
    }

    @Override
    public Map<String, Object> pathParameter(String name) {
      // B03 lower-cases the address before its key rule: the path takes it in any case, as the server does.
      return !name.equals("email") ? DocsDomain.super.pathParameter(name)
          : JsonSchema.described(JsonSchema.pattern(Segments.EMAIL_ADDRESS_ANY_CASE.pattern()),
              "an e-mail address in any case, compared in lower case (as stored)");
    }

    @Override
    public String contractIntro() {
      return "The blog of seed 004 §2.3: users with a unique username and e-mail address, and their posts.";
    }

    @Override
    public String conflictCase() {
      return "the username or the e-mail address is taken (`field` names which)";
    }
  }

  /** The writes' cases for scripts/bench (the kit derives the reads' from the samples); no conventional peer. */
  static final class Bench implements BenchDomain<BlogServices> {
    @Override
    public BlogServices services(TableGateway table) {
      return new BlogServices(table, null);
    }

    @Override
    public Map<String, String> samples() {
      return SAMPLES;
    }

    @Override
    public List<BenchCase<BlogServices>> cases() {
      Domain d = Blog.DOMAIN;
      String post = "/users/{username}/posts/{post}";
      String run = Ulid.next(Instant.now()); // the DELETE case's posts are new on every run over one table
      return List.of(
          BenchCase.route(d, "PUT /users/{username}", i -> BenchRequest.as("bench-" + i).path("username", "bench-" + i)
              .body("{\"email\":\"bench-" + i + "@example.com\",\"name\":\"Bench\"}")),
          BenchCase.route(d, "GET /emails/{email}/user", i -> BenchRequest.as("bob").path("email", "ann@example.com")),
          BenchCase.route(d, "POST /users/{username}/posts", i -> BenchRequest.as("ann").path("username", "ann")
              .body("{\"title\":\"Bench " + i + "\",\"content\":\"bench\"}")),
          BenchCase.<BlogServices>route(d, "PATCH " + post, i -> BenchRequest.as("ann").path("username", "ann")
              .path("post", demoPost(1)).body("{\"title\":\"Edited " + i + "\"}"))
              .ifMatch(s -> (Long) Post.ENTITY.values(s.table().get(Post.ENTITY.key(Map.of("username", "ann",
                  "post", demoPost(1)))).orElseThrow()).get("version")),
          BenchCase.<BlogServices>route(d, "DELETE " + post, i -> BenchRequest.as("ann").path("username", "ann")
              .path("post", Ulid.derived(DEMO_TIME, run + i)))
              .before((s, i) -> s.posts().create(Map.of("username", "ann", "post", Ulid.derived(DEMO_TIME, run + i),
                  "title", "Doomed",
                  "content", "bye", "createdAt", Timestamps.format(DEMO_TIME)))),
          BenchCase.<BlogServices>route(d, "POST " + post + "/publish", i -> BenchRequest.as("ann")
              .path("username", "ann").path("post", Ulid.derived(DEMO_TIME, run + "draft" + i)))
              .before((s, i) -> s.posts().create(Map.of("username", "ann", "post",
                  Ulid.derived(DEMO_TIME, run + "draft" + i), "title", "Draft", "content", "soon",
                  "createdAt", Timestamps.format(DEMO_TIME)))));
    }

    @Override
    public Set<String> coldSubset() {
      return Set.of("B04Route");
    }

    @Override
    public List<String> scalePatterns() {
      return List.of("B05");
    }
  }
}

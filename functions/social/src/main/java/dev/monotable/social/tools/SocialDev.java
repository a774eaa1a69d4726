package dev.monotable.social.tools;

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
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.keys.Ulid;
import dev.monotable.kit.local.LocalDomain;
import dev.monotable.kit.ops.OpsDomain;
import dev.monotable.social.data.Likes;
import dev.monotable.social.SocialPattern;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.ops.ReadPattern;
import dev.monotable.kit.tools.DevDomain;
import dev.monotable.kit.tools.DevFacet;
import dev.monotable.social.Social;
import dev.monotable.social.charts.SocialCharts;
import dev.monotable.social.functions.SocialServices;
import dev.monotable.social.model.Post;
import dev.monotable.social.model.User;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Social for the kit's dev-time programs (registered in META-INF/services): its demo data and what
 * the kit cannot derive from the declarations. The handlers, the plain reads' bench cases and most
 * of the docs come from {@link Social} and the entities.
 */
public final class SocialDev implements DevDomain {

  private static final String POST = "/users/{username}/posts/{post}";

  static final Instant DEMO_TIME = Instant.parse("2026-01-01T00:00:00Z");

  /** Key values of the demo data: the kit derives the read patterns and the reads' bench cases from them. */
  static final Map<String, String> SAMPLES = Map.of("username", "ann", "post", demoPost("ann", 0),
      "followee", "bob", "liker", "bob", "comment", demoPost("comment", 0));

  /**
   * The demo: ann follows bob (below the threshold: his posts are fanned out into her feed) and
   * star (marked as above it, as if star had crossed it: star's posts are merged into ann's feed on
   * read); bob and cat follow ann; bob likes and comments on ann's post.
   */
  static void seed(SocialServices s) {
    s.users().create("ann", "Ann");
    s.users().create("bob", "Bob");
    s.users().create("cat", "Cat");
    s.table().putIfAbsent(User.ENTITY.toItem(Map.of("username", "star", "name", "Star", "followerCount", 0L,
        "followingCount", 0L, "reach", User.READ, "createdAt", Timestamps.format(DEMO_TIME))));
    s.follows().follow("ann", "bob");
    s.follows().follow("ann", "star");
    s.follows().follow("bob", "ann");
    s.follows().follow("cat", "ann");
    // ann's post has a fixed id (the samples name it) but is written now, as the others: feed entries
    // and checkpoints expire 30 days after their post, and the demo's must be live whenever it starts.
    Map<String, Object> annPost = Map.of("username", "ann", "post", demoPost("ann", 0), "text", "Post 0 of ann",
        "createdAt", Timestamps.format(s.table().clock().instant()));
    s.posts().create(annPost);
    List<Map<String, Object>> written = new java.util.ArrayList<>(List.of(annPost));
    for (String author : List.of("bob", "star", "bob")) {
      written.add(s.posts().create(author, "Hello from " + author));
    }
    // What ST1 does with each post, done here too, so the demo's feeds are whole without the stream
    // (the same items: ST1 writing them again changes nothing).
    written.forEach(p -> s.fanOut().posted(Post.ENTITY.toItem(p)));
    s.likes().like("ann", demoPost("ann", 0), "bob");
    s.comments().create("ann", demoPost("ann", 0), "bob", "Nice post");
  }

  /** The id of a demo post of {@code user} ({@code i}: hours after the demo time): the same on every start. */
  public static String demoPost(String user, int i) {
    return Ulid.derived(DEMO_TIME.plusSeconds(3600L * i), "demo-" + user + "-" + i);
  }

  @Override
  public Domain domain() {
    return Social.DOMAIN;
  }

  @Override
  public EntityModel entities() {
    return SocialCharts.MODEL;
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
      SocialServices services = new SocialServices(table, verifier);
      return new Wiring() {
        @Override
        public SocialServices services() {
          return services;
        }

        @Override
        public void seedDemo() {
          seed(services);
        }
      };
    }

    @Override
    public String demoSummary() {
      return "users ann (follows bob and star, above the fan-out threshold), bob, cat, star; posts by each";
    }

    @Override
    public List<String> examples(String baseUrl) {
      return List.of("curl -s " + baseUrl + "/users/ann",
          "curl -s " + baseUrl + "/users/ann/feed -H \"authorization: Bearer $(scripts/token ann)\"",
          "curl -s -X POST " + baseUrl + "/users/bob/posts -H \"authorization: Bearer $(scripts/token bob)\" "
              + "-H 'content-type: application/json' -d '{\"text\":\"Hello\"}'",
          "curl -s -X PUT " + baseUrl + "/users/cat/following/bob -H \"authorization: Bearer $(scripts/token cat)\"");
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

    /**
     * The kit's read patterns derived from the samples, and SO17's written out: one BatchGetItem of the post and its
     * count shards has no key condition to derive a call from.
     */
    @Override
    public List<ReadPattern> readPatterns() {
      List<ReadPattern> out = new java.util.ArrayList<>(OpsDomain.super.readPatterns());
      out.add(new ReadPattern(SocialPattern.SO17, List.of("username", "post"), false,
          ReadPattern.Sample.of(null, SAMPLES.get("username"), SAMPLES.get("post")),
          (table, caller, p, page) -> new Page<>(List.of(Map.of("Likes", AttributeValue.fromN(
              Long.toString(new Likes(table).count(p.get(0), p.get(1)))))), null)));
      return out;
    }

    @Override
    public void scaleData(long seed, int n, Consumer<Map<String, AttributeValue>> sink) {
      for (int i = 0; i < n; i++) {
        Instant at = DEMO_TIME.plusSeconds(i);
        sink.accept(Post.ENTITY.toItem(Map.of("username", "scale-" + seed + "-" + (i % 100), "post",
            Ulid.derived(at, seed + "-" + i), "text", "post " + i, "createdAt", Timestamps.format(at))));
      }
    }
  }

  /** Social's docs (docs/social/): the custom routes' answers; the rest is derived. */
  static final class Docs extends DevFacet implements DocsDomain {
    Docs(DevDomain dev) {
      super(dev);
    }

    @Override
    public ApiShape shape(Endpoint endpoint) {
      Map<String, Object> body = endpoint.body().isEmpty() ? null : JsonSchema.body(endpoint.body());
      return switch (endpoint.routeKey()) {
        case "PUT /users/{username}" -> ApiShape.create("create a user: 409 when the username is taken", "User", body);
        case "POST /users/{username}/posts" -> ApiShape.create("create a post; ST1 fans it out", "Post", body);
        case "PUT /users/{username}/following/{followee}" -> ApiShape.create(
            "follow: 201 when followed now, 200 when already (counts unmoved)", "Follow", null)
            .repeatable("already followed: nothing written, the counts unmoved");
        case "DELETE /users/{username}/following/{followee}" -> ApiShape.empty("unfollow (idempotent)");
        case "GET /users/{username}/followers" -> ApiShape.list("a user's followers", "Follow");
        case "POST " + POST + "/comments" -> ApiShape.create("comment on a post (404 when it is gone)", "Comment", body);
        case "DELETE " + POST + "/comments/{comment}" -> ApiShape.empty("delete one's own comment (403 for another's)");
        case "PUT " + POST + "/likes/{liker}" -> ApiShape.create(
            "like: 201 when liked now, 200 when already (the count unmoved)", "Liked", null)
            .repeatable("already liked: nothing written, the count unmoved");
        case "DELETE " + POST + "/likes/{liker}" -> ApiShape.empty("unlike (idempotent)");
        case "GET " + POST + "/like-count" -> ApiShape.read("the exact like count: the shards summed (404 when the post is not there)",
            JsonSchema.ref("LikeCount"));
        case "GET /users/{username}/feed" -> ApiShape.list("the home feed, newest first; cursor: the last post id",
            "Post");
        default -> DocsDomain.super.shape(endpoint);
      };
    }

    @Override
    public Map<String, Map<String, Object>> schemas() {
      Map<String, Map<String, Object>> m = new LinkedHashMap<>(DocsDomain.super.schemas());
      m.put("Liked", JsonSchema.record("post", JsonSchema.string(), "liker", JsonSchema.string()));
      m.put("LikeCount", JsonSchema.record("post", JsonSchema.string(), "likes", JsonSchema.atLeast(0)));
      return m;
    }

    @Override
    public String contractIntro() {
      return "Social, the social network of seed 004 §8.3: users, posts, follows, comments, likes and the home "
          + "feed (fan-out on write below the threshold, merged on read above it: docs/social/fan-out.md).";
    }

    @Override
    public String conflictCase() {
      return "the username is taken";
    }
  }

  /** The custom routes' and the writes' cases for scripts/bench (the kit derives the plain reads'); no peer. */
  static final class Bench implements BenchDomain<SocialServices> {
    @Override
    public SocialServices services(TableGateway table) {
      return new SocialServices(table, null);
    }

    @Override
    public Map<String, String> samples() {
      return SAMPLES;
    }

    @Override
    public List<BenchCase<SocialServices>> cases() {
      Domain d = Social.DOMAIN;
      String post = "/users/{username}/posts/{post}";
      String annPost = demoPost("ann", 0);
      String run = Ulid.next(Instant.now()); // the DELETE case's posts are new on every run over one table
      return List.of(
          BenchCase.route(d, "PUT /users/{username}", i -> BenchRequest.as("bench-" + i).path("username", "bench-" + i)
              .body("{\"name\":\"Bench\"}")),
          BenchCase.route(d, "POST /users/{username}/posts", i -> BenchRequest.as("cat").path("username", "cat")
              .body("{\"text\":\"Bench " + i + "\"}")),
          BenchCase.<SocialServices>route(d, "DELETE " + post, i -> BenchRequest.as("cat").path("username", "cat")
              .path("post", Ulid.derived(DEMO_TIME, run + i)))
              .before((s, i) -> s.posts().create(Map.of("username", "cat", "post", Ulid.derived(DEMO_TIME, run + i),
                  "text", "Doomed", "createdAt", Timestamps.format(s.table().clock().instant())))),
          BenchCase.route(d, "PUT /users/{username}/following/{followee}", i -> BenchRequest.as("cat")
              .path("username", "cat").path("followee", "bob")),
          BenchCase.route(d, "DELETE /users/{username}/following/{followee}", i -> BenchRequest.as("cat")
              .path("username", "cat").path("followee", "star")),
          BenchCase.route(d, "GET /users/{username}/followers", i -> BenchRequest.anonymous().path("username", "ann")),
          BenchCase.route(d, "POST " + post + "/comments", i -> BenchRequest.as("cat").path("username", "ann")
              .path("post", annPost).body("{\"text\":\"Bench " + i + "\"}")),
          BenchCase.route(d, "DELETE " + post + "/comments/{comment}", i -> BenchRequest.as("cat")
              .path("username", "ann").path("post", annPost).path("comment", Ulid.derived(DEMO_TIME, run + "c" + i))),
          BenchCase.route(d, "PUT " + post + "/likes/{liker}", i -> BenchRequest.as("cat").path("username", "ann")
              .path("post", annPost).path("liker", "cat")),
          BenchCase.route(d, "DELETE " + post + "/likes/{liker}", i -> BenchRequest.as("cat").path("username", "ann")
              .path("post", annPost).path("liker", "cat")),
          BenchCase.route(d, "GET " + post + "/like-count", i -> BenchRequest.anonymous().path("username", "ann")
              .path("post", annPost)),
          BenchCase.route(d, "GET /users/{username}/feed", i -> BenchRequest.as("ann").path("username", "ann")));
    }

    @Override
    public Set<String> coldSubset() {
      return Set.of("SO18Route");
    }

    @Override
    public List<String> scalePatterns() {
      return List.of("SO04");
    }
  }
}

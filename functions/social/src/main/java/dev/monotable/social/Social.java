package dev.monotable.social;

import static dev.monotable.kit.catalog.DynamoAction.BATCH_GET_ITEM;
import static dev.monotable.kit.catalog.DynamoAction.BATCH_WRITE_ITEM;
import static dev.monotable.kit.catalog.DynamoAction.CONDITION_CHECK_ITEM;
import static dev.monotable.kit.catalog.DynamoAction.DELETE_ITEM;
import static dev.monotable.kit.catalog.DynamoAction.GET_ITEM;
import static dev.monotable.kit.catalog.DynamoAction.PUT_ITEM;
import static dev.monotable.kit.catalog.DynamoAction.QUERY;
import static dev.monotable.kit.catalog.DynamoAction.UPDATE_ITEM;

import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.BodyField;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.kit.schema.TableSchema.Index;
import dev.monotable.social.model.Comment;
import dev.monotable.social.model.Post;
import dev.monotable.social.model.User;
import java.util.List;
import java.util.Set;

/**
 * The social network of seed 004 §8.3 as the kit sees it: its table, its access patterns, its
 * routes and its stream function (fan-out on write). Written by {@code scripts/new-domain social},
 * then grown one access pattern at a time.
 */
public final class Social implements Domain {

  /** The table: users with their posts and edges; GSI1 the followers of an account, GSI2 the accounts merged on read. */
  public static final TableSchema SCHEMA = TableSchema.of(
      new Index(Gsi.GSI1, "an account's followers: each edge inverted (SO10, ST1)"),
      new Index(Gsi.GSI2, "the accounts above the fan-out threshold a reader follows (sparse; SO18)"));

  public static final Social DOMAIN = new Social();

  /**
   * Followers from which an author's posts are merged on read instead of written into each
   * follower's feed: the default of the declared setting {@link #FAN_OUT_THRESHOLD_ENV}, chosen from
   * the measurement in docs/social/fan-out.md.
   */
  public static final int FAN_OUT_THRESHOLD = 10_000;
  /** The environment variable that sets the fan-out threshold of a deployment. */
  public static final String FAN_OUT_THRESHOLD_ENV = "SOCIAL_FAN_OUT_THRESHOLD";

  private static final String HANDLERS = "dev.monotable.social.functions.";
  private static final String STREAMS = HANDLERS + "streams.";

  private static final List<StreamHandlerDeclaration> STREAM_HANDLERS = List.of(
      // ST1: a new post into each follower's feed (below the threshold) or its author's edges marked for merging
      // on read (at or above it); a deleted post out of the feeds, its comments and likes deleted.
      StreamHandlerDeclaration.builder(STREAMS + "FanOutHandler").stream("ST1")
          .itemTypes("Post")
          .eventNames("INSERT", "REMOVE")
          .actions(BATCH_GET_ITEM, GET_ITEM, QUERY, BATCH_WRITE_ITEM, UPDATE_ITEM)
          .indexes(Gsi.GSI1)
          .build());

  private Social() {}

  @Override
  public String name() {
    return "Social";
  }

  @Override
  public TableSchema schema() {
    return SCHEMA;
  }

  @Override
  public List<DeclaredPattern> accessPatterns() {
    return SocialPattern.ALL;
  }

  @Override
  public List<Endpoint> endpoints() {
    String user = "/users/{username}";
    String post = user + "/posts/{post}";
    String follow = user + "/following/{followee}";
    String like = post + "/likes/{liker}";
    return List.of(
        Endpoint.route("PUT", user, Auth.REQUIRED, SocialPattern.SO01).ownedBy("username")
            .withBody(BodyField.text("name", 1, User.NAME_MAX).nonBlank().required()),
        Endpoint.plain("GET", user, Auth.NONE, SocialPattern.SO02),
        Endpoint.route("POST", user + "/posts", Auth.REQUIRED, SocialPattern.SO03)
            .ownedBy("username").withBody(BodyField.text("text", 1, Post.TEXT_MAX).nonBlank().required()),
        Endpoint.plain("GET", user + "/posts", Auth.NONE, SocialPattern.SO04),
        Endpoint.plain("GET", post, Auth.NONE, SocialPattern.SO05),
        Endpoint.plain("DELETE", post, Auth.REQUIRED, SocialPattern.SO06).ownedBy("username"),
        // SO07, SO08 are transactions: IAM authorises their parts, so the routes name them.
        new Endpoint("PUT", follow, Endpoint.ROUTE_HANDLER, Auth.REQUIRED, List.of(SocialPattern.SO07),
            Set.of(GET_ITEM, PUT_ITEM, UPDATE_ITEM), Set.of()).ownedBy("username"),
        new Endpoint("DELETE", follow, Endpoint.ROUTE_HANDLER, Auth.REQUIRED, List.of(SocialPattern.SO08),
            Set.of(DELETE_ITEM, UPDATE_ITEM), Set.of()).ownedBy("username"),
        Endpoint.plain("GET", user + "/following", Auth.NONE, SocialPattern.SO09),
        Endpoint.route("GET", user + "/followers", Auth.NONE, SocialPattern.SO10),
        Endpoint.route("POST", post + "/comments", Auth.REQUIRED, SocialPattern.SO11)
            .withBody(BodyField.text("text", 1, Comment.TEXT_MAX).nonBlank().required()),
        // A post's comments and likes are read by its id alone (a ULID, unique across authors).
        Endpoint.plain("GET", "/posts/{post}/comments", Auth.NONE, SocialPattern.SO12),
        Endpoint.route("DELETE", post + "/comments/{comment}", Auth.REQUIRED, SocialPattern.SO13),
        // SO14: the post's and the liker's ConditionChecks, the like's Put, its count's Update.
        new Endpoint("PUT", like, Endpoint.ROUTE_HANDLER, Auth.REQUIRED, List.of(SocialPattern.SO14),
            Set.of(CONDITION_CHECK_ITEM, PUT_ITEM, UPDATE_ITEM), Set.of()).ownedBy("liker"),
        new Endpoint("DELETE", like, Endpoint.ROUTE_HANDLER, Auth.REQUIRED, List.of(SocialPattern.SO15),
            Set.of(DELETE_ITEM, UPDATE_ITEM), Set.of()).ownedBy("liker"),
        Endpoint.plain("GET", "/posts/{post}/likes", Auth.NONE, SocialPattern.SO16),
        Endpoint.route("GET", post + "/like-count", Auth.NONE, SocialPattern.SO17),
        Endpoint.route("GET", user + "/feed", Auth.REQUIRED, SocialPattern.SO18,
            SocialPattern.SO20)
            .ownedBy("username"),
        Endpoint.health(SocialPattern.SO19));
  }

  @Override
  public List<StreamHandlerDeclaration> streams() {
    return STREAM_HANDLERS;
  }
}

package dev.monotable.social.functions;

import dev.monotable.kit.Env;

import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.data.TableGateway;
import java.util.Map;
import dev.monotable.social.SocialPattern;
import dev.monotable.kit.http.Routes;
import dev.monotable.kit.http.ServicesSeam;
import dev.monotable.kit.http.Response;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.lambda.ContainerServices;
import dev.monotable.social.Social;
import dev.monotable.social.data.Comments;
import dev.monotable.social.data.FanOut;
import dev.monotable.social.data.Feed;
import dev.monotable.social.data.Follows;
import dev.monotable.social.data.Likes;
import dev.monotable.social.data.Posts;
import dev.monotable.social.data.Users;

/**
 * What Social's handlers depend on, built once per container ({@link #fromEnvironment}) or
 * given by a test: the kit's seam plus the typed data access, and the fan-out threshold (the
 * declared setting {@link Social#FAN_OUT_THRESHOLD_ENV}, {@link Social#FAN_OUT_THRESHOLD} when unset).
 */
public final class SocialServices extends ServicesSeam {
  private static final ContainerServices<SocialServices> CONTAINER = new ContainerServices<>(SocialServices::new);

  /** The methods that serve Social's custom routes, by the (first) pattern each route serves. */
  private static final Routes<SocialServices> ROUTES = Routes.of(SocialServices.class)
      .serve(SocialPattern.SO01, SocialServices::createUser)
      .serve(SocialPattern.SO03, SocialServices::createPost)
      .serve(SocialPattern.SO07, SocialServices::follow)
      .serve(SocialPattern.SO08, SocialServices::unfollow)
      .serve(SocialPattern.SO10, SocialServices::followers)
      .serve(SocialPattern.SO11, SocialServices::comment)
      .serve(SocialPattern.SO13, SocialServices::deleteComment)
      .serve(SocialPattern.SO14, SocialServices::like)
      .serve(SocialPattern.SO15, SocialServices::unlike)
      .serve(SocialPattern.SO17, SocialServices::likeCount)
      .serve(SocialPattern.SO18, SocialServices::feed);

  private final Users users;
  private final Posts posts;
  private final Follows follows;
  private final Comments comments;
  private final Likes likes;
  private final Feed feed;
  private final FanOut fanOut;

  public SocialServices(TableGateway table, JwtVerifier verifier) {
    this(table, verifier, threshold(Env.get(Social.FAN_OUT_THRESHOLD_ENV)));
  }

  public SocialServices(TableGateway table, JwtVerifier verifier, int fanOutThreshold) {
    super(Social.DOMAIN, table, verifier);
    this.users = new Users(table);
    this.posts = new Posts(table);
    this.follows = new Follows(table);
    this.comments = new Comments(table);
    this.likes = new Likes(table);
    this.feed = new Feed(table);
    this.fanOut = new FanOut(table, fanOutThreshold);
  }

  /** PUT /users/{username} (SO01): one PutItem of a new user, both counts at 0. */
  Response createUser(Request r) {
    return Response.created(users.create(r.path("username"), (String) r.declaredBody().get("name")));
  }

  /** POST /users/{username}/posts (SO03): a new post, its id a ULID of now, with its author's check; ST1 fans it out. */
  Response createPost(Request r) {
    return Response.created(posts.create(r.path("username"), (String) r.declaredBody().get("text")));
  }

  /** PUT /users/{username}/following/{followee} (SO07): 201 when followed now, 200 when already (nothing written). */
  Response follow(Request r) {
    var followed = follows.follow(r.path("username"), r.path("followee"));
    return followed.created() ? Response.created(followed.edge()) : Response.ok(followed.edge());
  }

  /** DELETE /users/{username}/following/{followee} (SO08): 204 whether the edge was there or not. */
  Response unfollow(Request r) {
    follows.unfollow(r.path("username"), r.path("followee"));
    return Response.noContent();
  }

  /** GET /users/{username}/followers (SO10): one Query of GSI1, a page of the account's followers. */
  Response followers(Request r) {
    return page(follows.followers(r.path("username"), r.page()));
  }

  /** POST /users/{username}/posts/{post}/comments (SO11): the caller comments; 404 when the post is gone. */
  Response comment(Request r) {
    String caller = r.requireCaller();
    return Response.created(comments.create(r.path("username"), r.path("post"), caller,
        (String) r.declaredBody().get("text")));
  }

  /** DELETE /users/{username}/posts/{post}/comments/{comment} (SO13): one's own comment only (403), 204 when gone. */
  Response deleteComment(Request r) {
    comments.delete(r.path("username"), r.path("post"), r.path("comment"), r.requireCaller());
    return Response.noContent();
  }

  /** PUT /users/{username}/posts/{post}/likes/{liker} (SO14): 201 when liked now, 200 when already (the count unmoved). */
  Response like(Request r) {
    boolean liked = likes.like(r.path("username"), r.path("post"), r.path("liker"));
    Map<String, Object> like = Map.of("post", r.path("post"), "liker", r.path("liker"));
    return liked ? Response.created(like) : Response.ok(like);
  }

  /** DELETE /users/{username}/posts/{post}/likes/{liker} (SO15): 204 whether the like was there or not. */
  Response unlike(Request r) {
    likes.unlike(r.path("username"), r.path("post"), r.path("liker"));
    return Response.noContent();
  }

  /** GET /users/{username}/posts/{post}/like-count (SO17): one BatchGetItem of the post and its count shards, summed; 404 without the post. */
  Response likeCount(Request r) {
    return Response.ok(Map.of("post", r.path("post"), "likes", likes.count(r.path("username"), r.path("post"))));
  }

  /** GET /users/{username}/feed (SO18, SO20): the owner's home feed, newest first; the cursor is the last post id. */
  Response feed(Request r) {
    var page = feed.page(r.path("username"), r.page());
    return page(page.items(), page.nextCursor());
  }

  private static Response page(dev.monotable.kit.data.Page<?> page) {
    return page(page.items(), page.nextCursor());
  }

  private static Response page(java.util.List<?> items, String nextCursor) {
    Map<String, Object> out = new java.util.LinkedHashMap<>();
    out.put("items", items);
    out.put("nextCursor", nextCursor);
    return Response.ok(out);
  }

  @Override
  public Routes<SocialServices> routes() {
    return ROUTES;
  }

  /** The container's services, built on first use from the environment. */
  public static SocialServices fromEnvironment() {
    return CONTAINER.get();
  }

  /** The threshold a deployment sets, or the default; a value that is not a positive number stops the start. */
  static int threshold(String setting) {
    if (setting == null || setting.isBlank()) {
      return Social.FAN_OUT_THRESHOLD;
    }
    int t = Integer.parseInt(setting.trim());
    if (t < 1) {
      throw new IllegalArgumentException(Social.FAN_OUT_THRESHOLD_ENV + " must be at least 1: " + setting);
    }
    return t;
  }

  public Users users() {
    return users;
  }

  public Posts posts() {
    return posts;
  }

  public Follows follows() {
    return follows;
  }

  public Comments comments() {
    return comments;
  }

  public Likes likes() {
    return likes;
  }

  public Feed feed() {
    return feed;
  }

  public FanOut fanOut() {
    return fanOut;
  }

}

package dev.monotable.social.functions;

import dev.monotable.kit.Env;

import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.http.DomainServices;
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
public final class SocialServices implements DomainServices {
  private static final ContainerServices<SocialServices> CONTAINER = new ContainerServices<>(SocialServices::new);

  private final TableGateway table;
  private final JwtVerifier verifier;
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
    this.table = table;
    this.verifier = verifier;
    this.users = new Users(table);
    this.posts = new Posts(table);
    this.follows = new Follows(table);
    this.comments = new Comments(table);
    this.likes = new Likes(table);
    this.feed = new Feed(table);
    this.fanOut = new FanOut(table, fanOutThreshold);
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

  @Override
  public Domain domain() {
    return Social.DOMAIN;
  }

  @Override
  public TableGateway table() {
    return table;
  }

  @Override
  public JwtVerifier verifier() {
    return verifier;
  }
}

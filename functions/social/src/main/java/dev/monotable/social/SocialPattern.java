package dev.monotable.social;

import static dev.monotable.kit.catalog.KeyCondition.none;
import static dev.monotable.kit.catalog.KeyCondition.plan;
import static dev.monotable.kit.catalog.KeyCondition.query;
import static dev.monotable.kit.catalog.Operation.BATCH_GET_ITEM;
import static dev.monotable.kit.catalog.Operation.DELETE_ITEM;
import static dev.monotable.kit.catalog.Operation.GET_ITEM;
import static dev.monotable.kit.catalog.Operation.PUT_ITEM;
import static dev.monotable.kit.catalog.Operation.QUERY;
import static dev.monotable.kit.catalog.Operation.TRANSACT_WRITE_ITEMS;

import dev.monotable.kit.catalog.Calls;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.catalog.Write;
import dev.monotable.kit.catalog.Writes;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.social.keys.SocialKeys;
import dev.monotable.social.model.Comment;
import dev.monotable.social.model.Follow;
import dev.monotable.social.model.Like;
import dev.monotable.social.model.Post;
import dev.monotable.social.model.User;
import java.util.List;

/**
 * The access patterns of Social (seed 004 §8.3), each with the DynamoDB requests that serve it.
 * Plain patterns are served by the kit; the others by a handler and a data method of Social's.
 */
public final class SocialPattern {
  private SocialPattern() {}

  /**
   * The caller's own user exists: a write by a user (a post, a comment, a like) checks it in its own
   * transaction, refused as a 404 naming {@code user}, so nothing is written by a user who never
   * signed up.
   */
  public static final Write CALLER = Write.exists(User.ENTITY);

  /** Accounts above the fan-out threshold one feed page merges: the first this many a reader follows. */
  public static final int MERGED_MAX = 20;

  public static final DeclaredPattern SO01 = DeclaredPattern.of("SO01", "create a user", Calls.of(PUT_ITEM),
      plan("Put USER#{username} attribute_not_exists(PK), FollowerCount = FollowingCount = 0"), "username; body: name");
  public static final DeclaredPattern SO02 = DeclaredPattern.get("SO02", "get a user by username (with exact counts)",
      User.ENTITY);
  public static final DeclaredPattern SO03 = DeclaredPattern.of("SO03", "create a post (ST1 fans it out)",
      Writes.of(Write.put(Post.ENTITY).ifAbsent().refused(Write.Refusal.done()), CALLER), "username; body: text");
  public static final DeclaredPattern SO04 = DeclaredPattern.list("SO04", "a user's posts, newest first", Post.ENTITY,
      query(SocialKeys.USER).beginsWith(Template.of("POST#")).descending());
  public static final DeclaredPattern SO05 = DeclaredPattern.get("SO05", "get a post by id", Post.ENTITY);
  public static final DeclaredPattern SO06 = DeclaredPattern.remove("SO06", "delete a post (ST1 takes it out of feeds)",
      Post.ENTITY);
  public static final DeclaredPattern SO07 = DeclaredPattern.of("SO07", "follow a user (idempotent)",
      Calls.then(GET_ITEM, TRANSACT_WRITE_ITEMS),
      plan("Get USER#{followee} (exists; Reach); TransactWriteItems: Put USER#{username}/FOLLOWS#{followee} "
          + "attribute_not_exists(PK) (+ GSI2 ABOVE#{username} when Reach is set), Update USER#{username} "
          + "ADD FollowingCount 1 on attribute_exists(PK), Update USER#{followee} ADD FollowerCount 1 on Reach "
          + "as read"), "username, followee")
      .allowing(4, "when the followee crossed the fan-out threshold between the GetItem and the transaction, "
          + "both are sent once more");
  public static final DeclaredPattern SO08 = DeclaredPattern.of("SO08", "unfollow a user (idempotent)",
      Calls.of(TRANSACT_WRITE_ITEMS),
      plan("Delete USER#{username}/FOLLOWS#{followee} attribute_exists(PK), Update USER#{username} ADD "
          + "FollowingCount -1, Update USER#{followee} ADD FollowerCount -1"), "username, followee");
  public static final DeclaredPattern SO09 = DeclaredPattern.list("SO09", "the accounts a user follows",
      Follow.ENTITY, query(SocialKeys.USER).beginsWith(Template.of("FOLLOWS#")));
  public static final DeclaredPattern SO10 = DeclaredPattern.of("SO10", "a user's followers", Calls.of(QUERY),
      query(SocialKeys.FOLLOWERS).on(Gsi.GSI1), "username (the followee)");
  public static final DeclaredPattern SO11 = DeclaredPattern.of("SO11", "comment on a post",
      Writes.of(Write.exists(Post.ENTITY), CALLER.as("username", "author"),
          Write.put(Comment.ENTITY).ifAbsent().refused(Write.Refusal.done())), "username, post; body: text");
  public static final DeclaredPattern SO12 = DeclaredPattern.list("SO12", "comments of a post, oldest first",
      Comment.ENTITY, query(SocialKeys.POST).beginsWith(Template.of("COMMENT#")));
  public static final DeclaredPattern SO13 = DeclaredPattern.of("SO13", "delete one's own comment",
      Calls.of(DELETE_ITEM), plan("Delete POST#{post}/COMMENT#{comment} on Author = caller (ALL_OLD tells 403 "
          + "from gone)"), "username, post, comment");
  public static final DeclaredPattern SO14 = DeclaredPattern.of("SO14", "like a post (idempotent)",
      Calls.of(TRANSACT_WRITE_ITEMS), plan("ConditionCheck USER#{username}/POST#{post} attribute_exists(PK); "
          + CALLER.as("username", "liker").render() + "; Put POST#{post}/LIKE#{liker} attribute_not_exists(PK); "
          + "Update POST#{post}/LIKECOUNT#{shard} ADD Count 1"), "username, post, liker");
  public static final DeclaredPattern SO15 = DeclaredPattern.of("SO15", "unlike a post (idempotent)",
      Calls.of(TRANSACT_WRITE_ITEMS), plan("Delete POST#{post}/LIKE#{liker} attribute_exists(PK); "
          + "Update POST#{post}/LIKECOUNT#{shard} ADD Count -1"), "username, post, liker");
  public static final DeclaredPattern SO16 = DeclaredPattern.list("SO16", "likes of a post, one per user",
      Like.ENTITY, query(SocialKeys.POST).beginsWith(Template.of("LIKE#")));
  public static final DeclaredPattern SO17 = DeclaredPattern.of("SO17", "a post's like count (shards summed)",
      Calls.of(BATCH_GET_ITEM), plan("BatchGet USER#{username}/POST#{post} and POST#{post}/LIKECOUNT#{0..9}: "
          + "no post, 404; the shards found summed"), "username, post");
  public static final DeclaredPattern SO18 = DeclaredPattern.of("SO18", "a user's home feed, newest first",
      Calls.then(QUERY, QUERY).sometimes(QUERY, BATCH_GET_ITEM),
      query(SocialKeys.FEED).beginsWith(Template.of("POST#")).descending().note("after SO20; SK < POST#{cursor}; "
          + "then per account SO20 found: Query USER#{account} SK < POST#{cursor} descending; merged newest first; "
          + "BatchGet the page's posts from the feed partition (deleted ones hidden)"),
      "username; limit, cursor (the last post id of the page before)")
      .allowing(3 + MERGED_MAX, "SO20's Query, the feed partition's, one Query per account above the threshold "
          + "the reader follows (at most " + MERGED_MAX + ") and the BatchGetItem (its unprocessed keys sent again)");
  public static final DeclaredPattern SO19 = DeclaredPattern.of("SO19", "liveness of the API", Calls.none(), none(), "")
      .allowing(0, "no table access");
  public static final DeclaredPattern SO20 = DeclaredPattern.of("SO20",
      "the accounts above the fan-out threshold a user follows (merged into the feed)", Calls.of(QUERY),
      query(SocialKeys.ABOVE).on(Gsi.GSI2).note("at most " + MERGED_MAX), "username");

  /** Every pattern, in catalog order. */
  public static final List<DeclaredPattern> ALL = List.of(SO01, SO02, SO03, SO04, SO05, SO06, SO07, SO08, SO09,
      SO10, SO11, SO12, SO13, SO14, SO15, SO16, SO17, SO18, SO19, SO20);
}

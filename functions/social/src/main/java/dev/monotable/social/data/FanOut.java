package dev.monotable.social.data;

import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.StreamEffect;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.social.SocialPattern;
import dev.monotable.social.keys.SocialKeys;
import dev.monotable.social.model.FanOutCheckpoint;
import dev.monotable.social.model.FeedEntry;
import dev.monotable.social.model.Follow;
import dev.monotable.social.model.Post;
import dev.monotable.social.model.User;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * What ST1 does with a post: fan-out on write into each follower's feed partition, or, for an
 * author at or above the threshold, nothing per follower (readers merge the author's posts), and
 * on deletion the post's feed entries and its partition taken out.
 *
 * <p>Exactly once per follower under redelivery: a feed entry's key and attributes derive from the
 * reader and the post alone, so writing it again writes the same item. Resumable after a partial
 * failure: after each page of followers a checkpoint keeps the next page's cursor, and a
 * redelivered record starts there; a page's unprocessed items are sent again, and what is still
 * left fails the record so that Lambda delivers it again.
 */
public final class FanOut {

  /** Followers read per Query (GSI1), and one checkpoint per page. */
  public static final int FOLLOWERS_PAGE = 100;
  /** BatchWriteItem's limit. */
  public static final int BATCH = 25;
  /** BatchWriteItem requests per 25 entries before the record fails (unprocessed items sent again). */
  public static final int ATTEMPTS = 6;
  /** The checkpoint's value once every follower is written. */
  public static final String DONE = "done";

  private final TableGateway table;
  private final int threshold;

  /** @param threshold followers from which an author's posts are merged on read instead of copied */
  public FanOut(TableGateway table, int threshold) {
    this.table = table;
    this.threshold = threshold;
  }

  public int threshold() {
    return threshold;
  }

  /**
   * A new post: one BatchGetItem of its author and its checkpoint; below the threshold, per page of
   * the author's followers one Query of GSI1, a BatchWriteItem per 25 feed entries and one
   * UpdateItem of the checkpoint. At or above it, the author's edges are marked for merging on read
   * once ({@link #mergeOnRead}) and nothing is copied.
   *
   * @return APPLIED; ALREADY_APPLIED when the checkpoint says done; IGNORED when the author is gone
   *     or merged on read already
   */
  public StreamEffect posted(Map<String, AttributeValue> postItem) {
    Map<String, Object> post = Post.ENTITY.values(postItem);
    String author = (String) post.get("username");
    String id = (String) post.get("post");
    Key userKey = User.ENTITY.key(Map.of("username", author));
    Key checkpointKey = FanOutCheckpoint.ENTITY.key(Map.of("post", id));
    Map<Key, Map<String, AttributeValue>> read = table.batchGet(List.of(userKey, checkpointKey));
    Map<String, AttributeValue> user = read.get(userKey);
    if (user == null) {
      return StreamEffect.IGNORED;
    }
    AttributeValue reach = user.get("Reach");
    if (reach != null || Long.parseLong(user.get("FollowerCount").n()) >= threshold) {
      return mergeOnRead(author, reach == null ? null : reach.s());
    }
    Map<String, AttributeValue> checkpoint = read.get(checkpointKey);
    String cursor = checkpoint == null ? null : checkpoint.get("Cursor").s();
    if (DONE.equals(cursor)) {
      return StreamEffect.ALREADY_APPLIED;
    }
    long expires = Timestamps.epochSeconds(Timestamps.parse((String) post.get("createdAt"))) + FeedEntry.TTL_SECONDS;
    do {
      Page<Map<String, AttributeValue>> followers = followers(author, cursor);
      List<Map<String, AttributeValue>> entries = new ArrayList<>();
      for (Map<String, AttributeValue> edge : followers.items()) {
        entries.add(FeedEntry.ENTITY.toItem(Map.of("username", Follow.ENTITY.values(edge).get("username"),
            "post", id, "author", author, "ttl", expires, "createdAt", post.get("createdAt"))));
      }
      for (int from = 0; from < entries.size(); from += BATCH) {
        List<Map<String, AttributeValue>> left = table.batchPut(entries.subList(from,
            Math.min(entries.size(), from + BATCH)), ATTEMPTS);
        if (!left.isEmpty()) {
          throw new IllegalStateException(left.size() + " feed entries of post " + id + " unprocessed after "
              + ATTEMPTS + " requests; the record is delivered again from the checkpoint");
        }
      }
      cursor = followers.nextCursor();
      checkpoint(id, cursor == null ? DONE : cursor, entries.size(), expires);
    } while (cursor != null);
    return StreamEffect.APPLIED;
  }

  /**
   * An author at or above the threshold: {@code Reach} set to {@code converting} (UpdateItem), each
   * edge pointing at them put on GSI2 (a Query of GSI1 per page, an UpdateItem per edge on
   * {@code attribute_exists(PK)}, so an edge deleted meanwhile stays deleted), then {@code Reach}
   * set to {@code read}. Runs again in full when redelivered before the end: each step is
   * idempotent. A follow racing it reads {@code Reach} and conditions its transaction on it
   * (SO07), so an edge is either marked here or written marked.
   */
  private StreamEffect mergeOnRead(String author, String reach) {
    if (User.READ.equals(reach)) {
      return StreamEffect.IGNORED;
    }
    Key userKey = User.ENTITY.key(Map.of("username", author));
    setReach(userKey, User.CONVERTING);
    String now = Timestamps.format(table.clock().instant());
    String cursor = null;
    do {
      Page<Map<String, AttributeValue>> followers = followers(author, cursor);
      for (Map<String, AttributeValue> edge : followers.items()) {
        Map<String, Object> v = new HashMap<>(Follow.ENTITY.values(edge));
        v.put("above", now);
        Key gsi2 = Follow.ENTITY.key(Gsi.GSI2, v);
        try {
          table.update(Follow.ENTITY.key(v), "SET #above = :above, #pk2 = :pk2, #sk2 = :sk2", "attribute_exists(#pk)",
              Map.of("#above", "Above", "#pk2", Gsi.GSI2.pk(), "#sk2", Gsi.GSI2.sk(), "#pk", TableSchema.PK),
              Map.of(":above", AttributeValue.fromS(now), ":pk2", AttributeValue.fromS(gsi2.pk()),
                  ":sk2", AttributeValue.fromS(gsi2.sk())));
        } catch (ConditionalCheckFailedException e) {
          // Unfollowed meanwhile: the edge stays deleted.
        }
      }
      cursor = followers.nextCursor();
    } while (cursor != null);
    setReach(userKey, User.READ);
    return StreamEffect.APPLIED;
  }

  /**
   * A deleted post: readers already do not see it (SO18 reads the post); below the threshold, per
   * page of followers one Query of GSI1 and a BatchWriteItem per 25 entries deleted; then the
   * post's own partition (comments, likes, count shards, checkpoint) deleted page by page. One
   * GetItem of the author first.
   */
  public StreamEffect deleted(Map<String, AttributeValue> postItem) {
    Map<String, Object> post = Post.ENTITY.values(postItem);
    String author = (String) post.get("username");
    String id = (String) post.get("post");
    var user = table.get(User.ENTITY.key(Map.of("username", author)));
    if (user.isPresent() && !user.get().containsKey("Reach")) {
      String cursor = null;
      do {
        Page<Map<String, AttributeValue>> followers = followers(author, cursor);
        List<Key> keys = new ArrayList<>();
        for (Map<String, AttributeValue> edge : followers.items()) {
          keys.add(FeedEntry.ENTITY.key(Map.of("username", Follow.ENTITY.values(edge).get("username"), "post", id)));
        }
        deleteAll(keys);
        cursor = followers.nextCursor();
      } while (cursor != null);
    }
    String cursor = null;
    do {
      Page<Map<String, AttributeValue>> page = table.query(TableGateway.QuerySpec.table(SocialKeys.POST.fill(id), null),
          new PageRequest(FOLLOWERS_PAGE, cursor), "ST1");
      deleteAll(page.items().stream().map(i -> new Key(i.get(TableSchema.PK).s(), i.get(TableSchema.SK).s())).toList());
      cursor = page.nextCursor();
    } while (cursor != null);
    return StreamEffect.APPLIED;
  }

  private Page<Map<String, AttributeValue>> followers(String author, String cursor) {
    return table.query(SocialPattern.SO10.queryFor(Map.of("followee", author)), new PageRequest(FOLLOWERS_PAGE, cursor),
        "SO10");
  }

  private void deleteAll(List<Key> keys) {
    for (int from = 0; from < keys.size(); from += BATCH) {
      table.batchDelete(keys.subList(from, Math.min(keys.size(), from + BATCH)));
    }
  }

  private void checkpoint(String post, String cursor, long written, long expires) {
    Key key = FanOutCheckpoint.ENTITY.key(Map.of("post", post));
    // An item like every other (scripts/validate): its version and audit times, the first write's creation kept.
    AttributeValue now = AttributeValue.fromS(Timestamps.format(table.clock().instant()));
    table.update(key, "SET #type = :type, #post = :post, #cursor = :cursor, #ttl = :ttl, "
            + "#sv = if_not_exists(#sv, :sv), #created = if_not_exists(#created, :now), #updated = :now ADD #written :n",
        null,
        Map.of("#type", TableSchema.TYPE, "#post", "PostId", "#cursor", "Cursor", "#ttl", TableSchema.TTL,
            "#written", "Written", "#sv", TableSchema.SCHEMA_VERSION, "#created", TableSchema.CREATED_AT,
            "#updated", TableSchema.UPDATED_AT),
        Map.of(":type", AttributeValue.fromS(FanOutCheckpoint.ENTITY.type()), ":post", AttributeValue.fromS(post),
            ":cursor", AttributeValue.fromS(cursor), ":ttl", AttributeValue.fromN(Long.toString(expires)),
            ":n", AttributeValue.fromN(Long.toString(written)),
            ":sv", AttributeValue.fromN(Integer.toString(Items.SCHEMA_VERSION)), ":now", now));
  }

  private void setReach(Key user, String reach) {
    try {
      table.update(user, "SET #reach = :reach", "attribute_exists(#pk) AND (attribute_not_exists(#reach) OR #reach <> :read)",
          Map.of("#reach", "Reach", "#pk", TableSchema.PK), Map.of(":reach", AttributeValue.fromS(reach),
              ":read", AttributeValue.fromS(User.READ)));
    } catch (ConditionalCheckFailedException e) {
      // Already merged on read (Reach only moves forward), or the user is gone.
    }
  }
}

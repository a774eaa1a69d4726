package dev.monotable.social.data;

import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.data.WriteTransaction;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.social.SocialPattern;
import dev.monotable.social.model.Follow;
import dev.monotable.social.model.User;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The data access of follows: one adjacency item per edge, written with both users' exact counts
 * in one TransactWriteItems. A transaction rather than counts kept by a stream: the count is
 * exact the moment the follow is answered, a repeated follow or unfollow is refused by the edge's
 * own condition (so nothing moves twice), and the follow must read the followee anyway.
 */
public final class Follows {

  /** What a follow did. */
  public record Followed(boolean created, Map<String, Object> edge) {}

  private static final AttributeValue ONE = AttributeValue.fromN("1");
  private static final AttributeValue MINUS_ONE = AttributeValue.fromN("-1");

  private final TableGateway table;

  public Follows(TableGateway table) {
    this.table = table;
  }

  /**
   * SO07: one GetItem of the followee (it exists; its {@code Reach}), then one TransactWriteItems:
   * Put the edge ({@code attribute_not_exists(PK)}; on GSI2 too when the followee's posts are
   * merged on read), ADD 1 to the follower's FollowingCount ({@code attribute_exists(PK)}) and to the
   * followee's FollowerCount on {@code Reach} as read. When the followee crossed the threshold in
   * between, both are sent once more.
   *
   * @return created, or not (already following: nothing written) with the edge as it is
   * @throws NotFoundException {@code user}: the follower or the followee does not exist
   */
  public Followed follow(String username, String followee) {
    Key me = User.ENTITY.key(Map.of("username", username));
    Key them = User.ENTITY.key(Map.of("username", followee));
    if (username.equals(followee)) {
      throw new ValidationException("followee", "a user does not follow themselves");
    }
    for (int attempt = 0; attempt < 2; attempt++) {
      Map<String, AttributeValue> target = table.get(them).orElseThrow(() -> new NotFoundException("user"));
      boolean above = target.containsKey("Reach");
      String now = Timestamps.format(table.clock().instant());
      Map<String, Object> values = new HashMap<>(Map.of("username", username, "followee", followee, "createdAt", now));
      if (above) {
        values.put("above", now);
      }
      Map<String, AttributeValue> item = Follow.ENTITY.toItem(values);
      WriteTransaction tx = new WriteTransaction(table);
      int edge = tx.putIfAbsent(item);
      int mine = tx.update(me, "ADD #c :d", "attribute_exists(#pk)",
          Map.of("#c", "FollowingCount", "#pk", TableSchema.PK), Map.of(":d", ONE));
      int theirs = tx.update(them, "ADD #c :d", above ? "attribute_exists(#r)" : "attribute_not_exists(#r)",
          Map.of("#c", "FollowerCount", "#r", "Reach"), Map.of(":d", ONE));
      Followed answer = tx.commit(new Followed(true, Follow.ENTITY.values(item)), f -> {
        if (f.failed(edge)) {
          return new Followed(false, Follow.ENTITY.values(f.oldItem(edge) != null ? f.oldItem(edge) : item));
        }
        if (f.failed(mine)) {
          throw new NotFoundException("user");
        }
        return f.failed(theirs) ? new Followed(false, null) : null;
      });
      if (answer.edge() != null) {
        return answer;
      }
    }
    throw new IllegalStateException(followee + " changed its reach twice during one follow");
  }

  /**
   * SO08: one TransactWriteItems: Delete the edge ({@code attribute_exists(PK)}), ADD -1 to both
   * counts. Without the edge the transaction is refused and nothing moves: unfollowing twice is
   * unfollowing once.
   *
   * @return whether an edge was deleted
   * @throws ValidationException the user names themselves (400, as {@link #follow}), before any request
   */
  public boolean unfollow(String username, String followee) {
    Key edge = Follow.ENTITY.key(Map.of("username", username, "followee", followee));
    if (username.equals(followee)) {
      // Both counts would be one item's: a transaction refuses two operations on one item.
      throw new ValidationException("followee", "a user does not follow themselves");
    }
    WriteTransaction tx = new WriteTransaction(table);
    int gone = tx.delete(edge, "attribute_exists(#pk)", Map.of("#pk", TableSchema.PK));
    tx.update(User.ENTITY.key(Map.of("username", username)), "ADD #c :d", null, Map.of("#c", "FollowingCount"),
        Map.of(":d", MINUS_ONE));
    tx.update(User.ENTITY.key(Map.of("username", followee)), "ADD #c :d", null, Map.of("#c", "FollowerCount"),
        Map.of(":d", MINUS_ONE));
    return tx.commit(true, f -> f.failed(gone) ? false : null);
  }

  /** SO10: one Query of GSI1, {@code GSI1PK = FOLLOWERS#{username}}: a page of the account's followers. */
  public Page<Map<String, Object>> followers(String username, PageRequest page) {
    User.ENTITY.key(Map.of("username", username)); // held to the key's rule first: a 400 naming username
    return table.query(SocialPattern.SO10.queryFor(Map.of("followee", username)), page, "SO10")
        .map(Follow.ENTITY::values);
  }
}

package dev.monotable.social.data;

import dev.monotable.kit.catalog.Write;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.data.WriteTransaction;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.social.SocialPattern;
import dev.monotable.social.model.Like;
import dev.monotable.social.model.Post;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The data access of likes: one item per user and post, and the post's count in {@link Like#SHARDS}
 * shards moved in the like's own transaction, so the count is exact however the like races or is
 * sent again: a like that exists refuses the transaction and nothing moves.
 */
public final class Likes {

  /** The liker's own user: a like by a user who never signed up is refused (404 naming {@code user}). */
  private static final Write LIKER = SocialPattern.CALLER.as("username", "liker");

  private final TableGateway table;

  public Likes(TableGateway table) {
    this.table = table;
  }

  /**
   * SO14: one TransactWriteItems: ConditionCheck the post and the liker's user, Put the like
   * ({@code attribute_not_exists(PK)}), ADD 1 to the liker's shard of the count.
   *
   * @return true when liked now, false when the like existed (nothing written)
   * @throws NotFoundException {@code post}; {@code user}: the liker never signed up (nothing written)
   */
  public boolean like(String username, String post, String liker) {
    var item = Like.ENTITY.toItem(Map.of("post", post, "liker", liker,
        "createdAt", Timestamps.format(table.clock().instant())));
    WriteTransaction tx = new WriteTransaction(table);
    int exists = tx.check(Post.ENTITY.key(Map.of("username", username, "post", post)), "attribute_exists(#pk)",
        Map.of("#pk", TableSchema.PK), Map.of());
    Map<String, Object> values = Map.of("liker", liker);
    int caller = LIKER.addTo(tx, values, Timestamps.format(table.clock().instant()));
    int like = tx.putIfAbsent(item);
    move(tx, post, liker, 1);
    return tx.commit(true, f -> {
      if (f.failed(exists)) {
        throw new NotFoundException("post");
      }
      LIKER.explain(f, caller, values);
      return f.failed(like) ? false : null;
    });
  }

  /**
   * SO15: one TransactWriteItems: Delete the like ({@code attribute_exists(PK)}), ADD -1 to its shard.
   *
   * @return true when unliked now, false when there was no like (nothing written)
   */
  public boolean unlike(String username, String post, String liker) {
    Post.ENTITY.key(Map.of("username", username, "post", post)); // each segment held to its rule: a 400
    WriteTransaction tx = new WriteTransaction(table);
    int like = tx.delete(Like.ENTITY.key(Map.of("post", post, "liker", liker)), "attribute_exists(#pk)",
        Map.of("#pk", TableSchema.PK));
    move(tx, post, liker, -1);
    return tx.commit(true, f -> f.failed(like) ? false : null);
  }

  /**
   * SO17: one BatchGetItem of the post and its {@link Like#SHARDS} count shards, summed (an absent
   * shard counts 0).
   *
   * @throws NotFoundException {@code post}: no such post of this user
   */
  public long count(String username, String post) {
    Key postKey = Post.ENTITY.key(Map.of("username", username, "post", post)); // each segment held to its rule
    List<Key> keys = new ArrayList<>(List.of(postKey));
    for (int shard = 0; shard < Like.SHARDS; shard++) {
      keys.add(Like.COUNT.key(Map.of("post", post, "shard", Integer.toString(shard))));
    }
    Map<Key, Map<String, AttributeValue>> found = table.batchGet(keys);
    if (!found.containsKey(postKey)) {
      throw new NotFoundException("post");
    }
    return keys.subList(1, keys.size()).stream().map(found::get).filter(java.util.Objects::nonNull)
        .mapToLong(i -> Long.parseLong(i.get("Count").n())).sum();
  }

  private void move(WriteTransaction tx, String post, String liker, long delta) {
    String shard = Like.shard(liker);
    Key key = Like.COUNT.key(Map.of("post", post, "shard", shard));
    // An item like every other (scripts/validate): its version and audit times, the first like's creation kept.
    tx.update(key, "SET #type = :type, #post = :post, #shard = :shard, #sv = if_not_exists(#sv, :sv), "
            + "#created = if_not_exists(#created, :now), #updated = :now ADD #count :d", null,
        Map.of("#type", TableSchema.TYPE, "#post", "PostId", "#shard", "Shard", "#count", "Count",
            "#sv", TableSchema.SCHEMA_VERSION, "#created", TableSchema.CREATED_AT, "#updated", TableSchema.UPDATED_AT),
        Map.of(":type", AttributeValue.fromS(Like.COUNT.type()), ":post", AttributeValue.fromS(post),
            ":shard", AttributeValue.fromS(shard), ":d", AttributeValue.fromN(Long.toString(delta)),
            ":sv", AttributeValue.fromN(Integer.toString(Items.SCHEMA_VERSION)),
            ":now", AttributeValue.fromS(Timestamps.format(table.clock().instant()))));
  }
}

package dev.monotable.social.model;

import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.social.keys.SocialKeys;

/** A like (one item per user and post) and the shards of a post's like count, in the post's partition. */
public final class Like {

  /**
   * Shards of a like count. A like writes its item and one shard in one transaction (2 write
   * units per item); one item takes about 1,000 write units a second, so one shard holds about 500
   * likes a second and ten about 5,000 (DynamoDB splits a hot partition by sort key); a read sums
   * the ten in one Query (about 0.5 read units).
   */
  public static final int SHARDS = 10;

  public static final Entity ENTITY = Entity.of("Like", SocialKeys.POST, SocialKeys.LIKE)
      .attributes(
          Attr.segment("PostId", "post", SocialKeys.ULID, "the post"),
          Attr.segment("Liker", "liker", SocialKeys.USERNAME, "who likes it"))
      .build();

  public static final Entity COUNT = Entity.of("LikeCount", SocialKeys.POST, SocialKeys.LIKE_COUNT)
      .attributes(
          Attr.segment("PostId", "post", SocialKeys.ULID, "the post"),
          Attr.segment("Shard", "shard", SocialKeys.SHARD, "the shard: the liker's name hashed, mod " + SHARDS),
          Attr.number("Count", "count", "this shard's likes, exact (moved in each like's transaction)")
              .changes(Attr.Change.ATOMIC))
      .requiredByChartOnly()
      .build();

  /** The shard a user's like counts in: the same for the like and the unlike. */
  public static String shard(String liker) {
    return Integer.toString(Math.floorMod(liker.hashCode(), SHARDS));
  }

  private Like() {}
}

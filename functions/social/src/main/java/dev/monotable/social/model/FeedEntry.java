package dev.monotable.social.model;

import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.social.keys.SocialKeys;

/**
 * A post in a follower's home feed, written by fan-out on write (ST1). Its key is derived from
 * the reader and the post alone, so writing it again writes the same item; it expires with TTL.
 */
public final class FeedEntry {

  /** How long an entry stays: feeds are bounded by time, older posts are read from their authors. */
  public static final long TTL_SECONDS = 30L * 24 * 3600;

  public static final Entity ENTITY = Entity.of("FeedEntry", SocialKeys.FEED, SocialKeys.POST)
      .attributes(
          Attr.segment("Username", "username", SocialKeys.USERNAME, "the reader whose feed it is in"),
          Attr.segment("PostId", "post", SocialKeys.ULID, "the post"),
          Attr.segment("Author", "author", SocialKeys.USERNAME, "the post's author"))
      .expires()
      .build();

  private FeedEntry() {}
}

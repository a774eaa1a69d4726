package dev.monotable.social.model;

import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.social.keys.SocialKeys;

/** A post, in its author's partition; its id is a ULID, so the sort key orders a user's posts by time. */
public final class Post {

  public static final int TEXT_MAX = 2_000;

  public static final Entity ENTITY = Entity.of("Post", SocialKeys.USER, SocialKeys.POST)
      .attributes(
          Attr.segment("Username", "username", SocialKeys.USERNAME, "the author"),
          Attr.segment("PostId", "post", SocialKeys.ULID, "the post's ULID: its creation time, then 80 random bits"),
          Attr.string("Text", "text", "the text"))
      .build();

  private Post() {}
}

package dev.monotable.blog.model;

import dev.monotable.blog.keys.BlogKeys;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;

/** A post, in its author's partition; its id is a ULID, so the sort key orders a user's posts by time. */
public final class Post {

  public static final int TITLE_MAX = 200;
  public static final int CONTENT_MAX = 20_000;

  public static final Entity ENTITY = Entity.of("Post", BlogKeys.USER, BlogKeys.POST)
      .attributes(
          Attr.segment("Username", "username", BlogKeys.USERNAME, "the author"),
          Attr.segment("PostId", "post", BlogKeys.POST_ID, "the post's ULID: its creation time, then 80 random bits"),
          Attr.string("Title", "title", "the title").changes(Attr.Change.VERSIONED),
          Attr.string("Content", "content", "the text").changes(Attr.Change.VERSIONED))
      .versioned()
      .build();

  private Post() {}
}

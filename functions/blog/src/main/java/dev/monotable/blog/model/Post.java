package dev.monotable.blog.model;

import dev.monotable.blog.keys.BlogKeys;
import dev.monotable.kit.catalog.Transition;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.entity.Entity.Variant;
import dev.monotable.kit.entity.Entity.When;
import dev.monotable.kit.schema.TableSchema.Gsi;

/**
 * A post, in its author's partition; its id is a ULID, so the sort key orders a user's posts by time.
 * A post is created a draft (no {@code Status}); published, it is also in its author's GSI1
 * partition, the list of the author's published posts (a sparse index: drafts are not in it).
 */
public final class Post {

  public static final int TITLE_MAX = 200;
  public static final int CONTENT_MAX = 20_000;
  public static final String DRAFT = "draft";
  public static final String PUBLISHED = "published";

  static final Attr STATUS = Attr.string("Status", "status", "published once published; a draft has none").optional();
  static final Attr PUBLISHED_AT = Attr.string("PublishedAt", "publishedAt", "when it was published");

  public static final Entity ENTITY = Entity.of("Post", BlogKeys.USER, BlogKeys.POST)
      .attributes(
          Attr.segment("Username", "username", BlogKeys.USERNAME, "the author"),
          Attr.segment("PostId", "post", BlogKeys.POST_ID, "the post's ULID: its creation time, then 80 random bits"),
          Attr.string("Title", "title", "the title").changes(Attr.Change.VERSIONED),
          Attr.string("Content", "content", "the text").changes(Attr.Change.VERSIONED),
          STATUS)
      .variants(Variant.of("draft", When.absent("publishedAt")),
          Variant.of("published", When.present("publishedAt"))
              .index(Gsi.GSI1, BlogKeys.USER, BlogKeys.POST).attributes(PUBLISHED_AT))
      .versioned()
      .build();

  /** draft -> published: Status, PublishedAt and the GSI1 keys that put it in its author's published list. */
  public static final Transition PUBLISHING = Transition.of(ENTITY, STATUS).initially(DRAFT)
      .to(PUBLISHED, PUBLISHED_AT, DRAFT).indexedWhile(Gsi.GSI1, PUBLISHED);

  private Post() {}
}

package dev.monotable.social.model;

import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.social.keys.SocialKeys;

/** A comment in its post's partition; its id is a ULID, so comments list oldest first. */
public final class Comment {

  public static final int TEXT_MAX = 1_000;

  public static final Entity ENTITY = Entity.of("Comment", SocialKeys.POST, SocialKeys.COMMENT)
      .attributes(
          Attr.segment("PostId", "post", SocialKeys.ULID, "the post"),
          Attr.segment("CommentId", "comment", SocialKeys.ULID, "the comment's ULID"),
          Attr.segment("Author", "author", SocialKeys.USERNAME, "who wrote it: the only one who may delete it"),
          Attr.string("Text", "text", "the text"))
      .build();

  private Comment() {}
}

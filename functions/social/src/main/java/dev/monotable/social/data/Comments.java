package dev.monotable.social.data;

import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.errors.ForbiddenException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.keys.Ulid;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.social.SocialPattern;
import dev.monotable.social.model.Comment;
import dev.monotable.social.model.Post;
import java.time.Instant;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/** The data access of comments: one method per custom pattern, each one request. */
public final class Comments {

  private final TableGateway table;

  public Comments(TableGateway table) {
    this.table = table;
  }

  /**
   * SO11: one TransactWriteItems ({@link SocialPattern#SO11}'s declaration): ConditionCheck the post
   * and the commenter's user ({@code attribute_exists(PK)} each) and Put the comment
   * ({@code attribute_not_exists(PK)}), its id a ULID of now: comments list oldest first.
   *
   * @throws NotFoundException {@code post}; {@code user}: the commenter never signed up (nothing written)
   */
  public Map<String, Object> create(String username, String post, String author, String text) {
    Instant now = table.clock().instant();
    return SocialPattern.SO11.writes().commit(table, Map.of("username", username, "post", post, "comment",
        Ulid.next(now), "author", author, "text", text, "createdAt", Timestamps.format(now)));
  }

  /**
   * SO13: one DeleteItem on {@code attribute_not_exists(PK) OR Author = caller}: a comment that is
   * gone stays gone (204), another user's comment is refused (403, nothing deleted).
   *
   * @throws ForbiddenException the comment is another user's
   */
  public void delete(String username, String post, String comment, String caller) {
    Post.ENTITY.key(Map.of("username", username, "post", post)); // each segment held to its rule: a 400
    try {
      table.delete(Comment.ENTITY.key(Map.of("post", post, "comment", comment)),
          "attribute_not_exists(#pk) OR #author = :caller", Map.of("#pk", TableSchema.PK, "#author", "Author"),
          Map.of(":caller", AttributeValue.fromS(caller)));
    } catch (ConditionalCheckFailedException e) {
      throw new ForbiddenException("the comment is another user's");
    }
  }
}

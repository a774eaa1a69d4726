package dev.monotable.social.data;

import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.keys.Ulid;
import dev.monotable.social.model.Post;
import java.time.Instant;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/** The data access of posts: one method per custom pattern, each one request. */
public final class Posts {

  private final TableGateway table;

  public Posts(TableGateway table) {
    this.table = table;
  }

  /**
   * SO03: one PutItem, {@code attribute_not_exists(PK)}: a new post, its id a ULID of now, so it
   * sorts after every earlier post of its author and in every feed. ST1 fans it out.
   */
  public Map<String, Object> create(String username, String text) {
    Instant now = table.clock().instant();
    return create(Map.of("username", username, "post", Ulid.next(now), "text", text,
        "createdAt", Timestamps.format(now)));
  }

  /**
   * SO03 for these values (the demo and bench data name their posts' ids). The id is new to this
   * call, so a refused condition can only be this call's own PutItem retried by the SDK after its
   * answer was lost: the post exists as written.
   */
  public Map<String, Object> create(Map<String, Object> values) {
    var item = Post.ENTITY.toItem(values);
    try {
      table.putIfAbsent(item);
    } catch (ConditionalCheckFailedException e) {
      // Not a conflict with another writer: no other call holds this id.
    }
    return Post.ENTITY.values(item);
  }
}

package dev.monotable.blog.data;

import dev.monotable.blog.BlogPattern;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.keys.Ulid;
import java.time.Instant;
import java.util.Map;

/** The data access of posts: one method per custom pattern, each one request. */
public final class Posts {

  private final TableGateway table;

  public Posts(TableGateway table) {
    this.table = table;
  }

  /**
   * B04: one PutItem, {@code attribute_not_exists(PK)}: a new post at version 1, its id a ULID of
   * now, so it sorts after every earlier post of its author.
   */
  public Map<String, Object> create(String username, String title, String content) {
    Instant now = table.clock().instant();
    return create(Map.of("username", username, "post", Ulid.next(now), "title", title, "content", content,
        "createdAt", Timestamps.format(now)));
  }

  /**
   * B04 for these values (the demo and bench data name their posts' ids), as declared: the id is new
   * to this call (a ULID), so a refused condition can only be this call's own PutItem, applied once
   * and retried by the SDK after its answer was lost: the post exists as written, and is answered.
   */
  public Map<String, Object> create(Map<String, Object> values) {
    return BlogPattern.B04.writes().commit(table, values);
  }
}

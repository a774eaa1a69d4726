package dev.monotable.social.data;

import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.keys.Ulid;
import dev.monotable.social.SocialPattern;
import java.time.Instant;
import java.util.Map;

/** The data access of posts: one method per custom pattern, each one request. */
public final class Posts {

  private final TableGateway table;

  public Posts(TableGateway table) {
    this.table = table;
  }

  /**
   * SO03: one TransactWriteItems ({@link SocialPattern#SO03}'s declaration): Put the post
   * ({@code attribute_not_exists(PK)}), its id a ULID of now, so it sorts after every earlier post of
   * its author and in every feed, and ConditionCheck its author's user. ST1 fans it out.
   *
   * @throws NotFoundException {@code user}: the author never signed up (nothing written)
   */
  public Map<String, Object> create(String username, String text) {
    Instant now = table.clock().instant();
    return create(Map.of("username", username, "post", Ulid.next(now), "text", text,
        "createdAt", Timestamps.format(now)));
  }

  /**
   * SO03 for these values (the demo and bench data name their posts' ids). The id is new to this
   * call, so a refused Put can only be this call's own transaction retried by the SDK after its
   * answer was lost: the post exists as written, and is answered.
   *
   * @throws NotFoundException {@code user}: the author never signed up (nothing written)
   */
  public Map<String, Object> create(Map<String, Object> values) {
    return SocialPattern.SO03.writes().commit(table, values);
  }
}

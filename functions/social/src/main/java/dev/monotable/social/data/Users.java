package dev.monotable.social.data;

import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.social.model.User;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/** The data access of users: one method per custom pattern, each one request. */
public final class Users {

  private final TableGateway table;

  public Users(TableGateway table) {
    this.table = table;
  }

  /**
   * SO01: one PutItem, {@code attribute_not_exists(PK)}, both counts at 0 so that every later
   * follow moves them by ADD; the SDK's retry of a create whose answer was lost knows the user it
   * meets as its own ({@link TableGateway#putIfAbsentOnce}).
   *
   * @throws ConflictException {@code username}: taken (nothing written)
   */
  public Map<String, Object> create(String username, String name) {
    var item = User.ENTITY.toItem(Map.of("username", username, "name", name, "followerCount", 0L,
        "followingCount", 0L, "createdAt", Timestamps.format(table.clock().instant())));
    try {
      table.putIfAbsentOnce(item);
    } catch (ConditionalCheckFailedException e) {
      throw new ConflictException("username", "username " + username + " is taken");
    }
    return User.ENTITY.values(item);
  }
}

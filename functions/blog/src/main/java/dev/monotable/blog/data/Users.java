package dev.monotable.blog.data;

import dev.monotable.blog.BlogPattern;
import dev.monotable.blog.model.User;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.Locale;
import java.util.Map;

/** The data access of users: one method per custom pattern, each one request. */
public final class Users {

  private final TableGateway table;

  public Users(TableGateway table) {
    this.table = table;
  }

  /**
   * B01: one TransactWriteItems ({@link BlogPattern#B01}'s declaration): Put the user, Put the claim
   * of its e-mail address (unique), each {@code attribute_not_exists(PK)}. The address is kept in
   * lower case.
   *
   * @throws ConflictException {@code username} or {@code email}: taken (nothing written)
   */
  public Map<String, Object> create(String username, String email, String name) {
    return BlogPattern.B01.writes().commit(table, Map.of("username", username, "email",
        email.toLowerCase(Locale.ROOT), "name", name, "createdAt", Timestamps.format(table.clock().instant())));
  }

  /**
   * B03: one Query of GSI1, {@code GSI1PK = EMAIL#{email}}: the one user with this address.
   *
   * @throws NotFoundException {@code user}
   */
  public Map<String, Object> byEmail(String email) {
    String key = email.toLowerCase(Locale.ROOT);
    User.ENTITY.key(Gsi.GSI1, Map.of("email", key)); // held to the key's rule first: a 400 naming email
    return table.query(BlogPattern.B03.queryFor(Map.of("email", key)), PageRequest.first(1), "B03").items().stream()
        .findFirst().map(User.ENTITY::values).orElseThrow(() -> new NotFoundException("user"));
  }
}

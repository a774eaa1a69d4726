package dev.monotable.blog;

import static dev.monotable.kit.catalog.KeyCondition.none;
import static dev.monotable.kit.catalog.KeyCondition.query;
import static dev.monotable.kit.catalog.Operation.QUERY;

import dev.monotable.blog.keys.BlogKeys;
import dev.monotable.blog.model.Post;
import dev.monotable.blog.model.User;
import dev.monotable.kit.catalog.Calls;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.catalog.Write;
import dev.monotable.kit.catalog.Writes;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.List;

/**
 * The access patterns of the blog (seed 004 §2.3), each with the one DynamoDB request that serves
 * it. Plain patterns are served by the kit; the others by a handler and a data method of Blog's.
 */
public final class BlogPattern {
  private BlogPattern() {}

  public static final DeclaredPattern B01 = DeclaredPattern.of("B01", "create a user (unique username and e-mail)",
      Writes.create(User.ENTITY), "username; body: email, name");
  public static final DeclaredPattern B02 = DeclaredPattern.get("B02", "get a user", User.ENTITY);
  public static final DeclaredPattern B03 = DeclaredPattern.of("B03", "find a user by e-mail", Calls.of(QUERY),
      query(BlogKeys.EMAIL).on(Gsi.GSI1), "email");
  /** A new post: its id is new to the call (a ULID), so a refused Put is the call's own, retried by the SDK. */
  public static final DeclaredPattern B04 = DeclaredPattern.of("B04", "create a post",
      Writes.of(Write.put(Post.ENTITY).ifAbsent().refused(Write.Refusal.done())), "username; body: title, content");
  public static final DeclaredPattern B05 = DeclaredPattern.list("B05", "a user's posts, newest first", Post.ENTITY,
      query(BlogKeys.USER).beginsWith(Template.of("POST#")).descending());
  public static final DeclaredPattern B06 = DeclaredPattern.get("B06", "get a post", Post.ENTITY);
  public static final DeclaredPattern B07 = DeclaredPattern.update("B07", "update a post", Post.ENTITY);
  public static final DeclaredPattern B08 = DeclaredPattern.remove("B08", "delete a post", Post.ENTITY);
  public static final DeclaredPattern B10 = DeclaredPattern.transition("B10", "publish a draft post", Post.PUBLISHING);
  public static final DeclaredPattern B11 = DeclaredPattern.list("B11", "a user's published posts, newest first",
      Post.ENTITY, query(BlogKeys.USER).on(Gsi.GSI1).beginsWith(Template.of("POST#")).descending());
  public static final DeclaredPattern B09 = DeclaredPattern.of("B09", "liveness of the API", Calls.none(), none(), "")
      .allowing(0, "no table access");

  /** Every pattern, in catalog order. */
  public static final List<DeclaredPattern> ALL = List.of(B01, B02, B03, B04, B05, B06, B07, B08, B10, B11, B09);
}

package dev.monotable.blog;

import dev.monotable.blog.model.Post;
import dev.monotable.blog.model.User;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.BodyField;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.kit.schema.TableSchema.Index;
import java.util.List;

/**
 * The blog of seed 004 §2.3 as the kit sees it: its table, its access patterns and its routes.
 * Written by {@code scripts/new-domain blog}, then grown one access pattern at a time
 * (docs/new-domain.md, "The blog, measured").
 */
public final class Blog implements Domain {

  public static final TableSchema SCHEMA = TableSchema.of(new Index(Gsi.GSI1, "users by e-mail address (B03), a user's published posts (B11)"));

  public static final Blog DOMAIN = new Blog();

  private static final BodyField TITLE = BodyField.text("title", 1, Post.TITLE_MAX).nonBlank();
  private static final BodyField CONTENT = BodyField.text("content", 1, Post.CONTENT_MAX).nonBlank();

  private Blog() {}

  @Override
  public String name() {
    return "Blog";
  }

  @Override
  public TableSchema schema() {
    return SCHEMA;
  }

  @Override
  public List<DeclaredPattern> accessPatterns() {
    return BlogPattern.ALL;
  }

  @Override
  public List<Endpoint> endpoints() {
    String user = "/users/{username}";
    String post = user + "/posts/{post}";
    return List.of(
        Endpoint.route("PUT", user, Auth.REQUIRED, BlogPattern.B01).ownedBy("username")
            .withBody(BodyField.email("email").required(),
                BodyField.text("name", 1, User.NAME_MAX).nonBlank().required()),
        Endpoint.plain("GET", user, Auth.REQUIRED, BlogPattern.B02).ownedBy("username"),
        Endpoint.route("GET", "/emails/{email}/user", Auth.REQUIRED, BlogPattern.B03),
        Endpoint.route("POST", user + "/posts", Auth.REQUIRED, BlogPattern.B04)
            .ownedBy("username").withBody(TITLE.required(), CONTENT.required()),
        Endpoint.plain("GET", user + "/posts", Auth.NONE, BlogPattern.B05),
        Endpoint.plain("GET", post, Auth.NONE, BlogPattern.B06),
        Endpoint.plain("PATCH", post, Auth.REQUIRED, BlogPattern.B07)
            .ownedBy("username").withBody(TITLE, CONTENT),
        Endpoint.plain("DELETE", post, Auth.REQUIRED, BlogPattern.B08).ownedBy("username"),
        Endpoint.plain("POST", post + "/publish", Auth.REQUIRED, BlogPattern.B10).ownedBy("username"),
        Endpoint.plain("GET", user + "/published", Auth.NONE, BlogPattern.B11),
        Endpoint.health(BlogPattern.B09));
  }

  @Override
  public List<StreamHandlerDeclaration> streams() {
    return List.of();
  }
}

package dev.monotable.blog.functions;

import dev.monotable.blog.Blog;
import dev.monotable.blog.data.Posts;
import dev.monotable.blog.data.Users;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.http.DomainServices;
import dev.monotable.kit.lambda.ContainerServices;

/**
 * What Blog's handlers depend on, built once per container ({@link #fromEnvironment}) or
 * given by a test: the kit's seam plus the typed data access.
 */
public final class BlogServices implements DomainServices {
  private static final ContainerServices<BlogServices> CONTAINER = new ContainerServices<>(BlogServices::new);

  private final TableGateway table;
  private final JwtVerifier verifier;
  private final Users users;
  private final Posts posts;

  public BlogServices(TableGateway table, JwtVerifier verifier) {
    this.table = table;
    this.verifier = verifier;
    this.users = new Users(table);
    this.posts = new Posts(table);
  }

  /** The container's services, built on first use from the environment. */
  public static BlogServices fromEnvironment() {
    return CONTAINER.get();
  }

  public Users users() {
    return users;
  }

  public Posts posts() {
    return posts;
  }

  @Override
  public Domain domain() {
    return Blog.DOMAIN;
  }

  @Override
  public TableGateway table() {
    return table;
  }

  @Override
  public JwtVerifier verifier() {
    return verifier;
  }
}

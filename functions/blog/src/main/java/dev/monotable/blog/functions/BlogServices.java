package dev.monotable.blog.functions;

import dev.monotable.blog.Blog;
import dev.monotable.blog.BlogPattern;
import dev.monotable.blog.data.Posts;
import dev.monotable.blog.data.Users;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.kit.http.Routes;
import dev.monotable.kit.http.ServicesSeam;
import dev.monotable.kit.lambda.ContainerServices;
import java.util.Map;

/**
 * What Blog's handlers depend on, built once per container ({@link #fromEnvironment}) or
 * given by a test: the kit's seam plus the typed data access.
 */
public final class BlogServices extends ServicesSeam {
  private static final ContainerServices<BlogServices> CONTAINER = new ContainerServices<>(BlogServices::new);

  /** The methods that serve the blog's custom routes, by the pattern each route serves. */
  private static final Routes<BlogServices> ROUTES = Routes.of(BlogServices.class)
      .serve(BlogPattern.B01, BlogServices::createUser)
      .serve(BlogPattern.B03, BlogServices::findUser)
      .serve(BlogPattern.B04, BlogServices::createPost);

  private final Users users;
  private final Posts posts;

  public BlogServices(TableGateway table, JwtVerifier verifier) {
    super(Blog.DOMAIN, table, verifier);
    this.users = new Users(table);
    this.posts = new Posts(table);
  }

  /** The container's services, built on first use from the environment. */
  public static BlogServices fromEnvironment() {
    return CONTAINER.get();
  }

  /** PUT /users/{username} (B01): the user and its e-mail claim in one transaction; 409 naming username or email. */
  Response createUser(Request r) {
    Map<String, Object> b = r.declaredBody();
    return Response.created(users.create(r.path("username"), (String) b.get("email"), (String) b.get("name")));
  }

  /** GET /emails/{email}/user (B03): the one user with this address (GSI1); 404 when none. */
  Response findUser(Request r) {
    return Response.ok(users.byEmail(r.path("email")));
  }

  /** POST /users/{username}/posts (B04): a new post, its id a ULID of now. */
  Response createPost(Request r) {
    Map<String, Object> b = r.declaredBody();
    return Response.created(posts.create(r.path("username"), (String) b.get("title"), (String) b.get("content")));
  }

  @Override
  public Routes<BlogServices> routes() {
    return ROUTES;
  }

  public Users users() {
    return users;
  }

  public Posts posts() {
    return posts;
  }

}

package dev.monotable.blog.tools;

import static dev.monotable.testing.ExpectedItems.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.monotable.kit.bench.BenchRequest;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.testing.ServedDomain;
import dev.monotable.kit.testing.ServedDomain.Reply;
import dev.monotable.testing.DynamoDbExtension;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The blog over real HTTP (the local service of scripts/dev) on its demo data: every route, its errors, its items. */
@ExtendWith(DynamoDbExtension.class)
class BlogServiceTest {
  private static final String POST = "/users/{username}/posts/{post}";

  @Test
  void createUser_anAddressWithAnInvisibleOrLookAlikeCharacter_isRefused_notASecondUser() {
    // The bug this guards: "duplido@example.com\u0000" made a second user (201) beside the taken address (409).
    try (ServedDomain<?> blog = ServedDomain.start(new BlogDev())) {
      String taken = "duplido@example.com";
      assertEquals(201, send(blog, "PUT", "/users/{username}", as("eblida").path("username", "eblida")
          .body("{\"email\":\"" + taken + "\",\"name\":\"a\"}")).status());
      for (String bad : List.of(taken + "\\u0000", taken + "\\u0007", taken + "\\u200b", taken + "\\u00a0",
          "\\u0434uplido@example.com")) {
        Reply r = send(blog, "PUT", "/users/{username}", as("eblido").path("username", "eblido")
            .body("{\"email\":\"" + bad + "\",\"name\":\"b\"}"));
        assertEquals(List.of(400, "email"), List.of(r.status(), r.error().get("field")), bad + ": " + r.body());
      }
      assertEquals(404, send(blog, "GET", "/users/{username}", as("eblido").path("username", "eblido")).status());
    }
  }

  @Test
  void journey_shouldServeEveryRoute() {
    try (ServedDomain<?> blog = ServedDomain.start(new BlogDev())) {
      // B01 create a user; B02 get it; B03 find it by e-mail
      String zoe = "{\"email\":\"Zoe@Example.com\",\"name\":\"Zoe\"}";
      assertEquals(201, send(blog, "PUT", "/users/{username}", as("zoe").path("username", "zoe").body(zoe)).status());
      Reply taken = send(blog, "PUT", "/users/{username}", as("zed").path("username", "zed").body(zoe));
      assertEquals(List.of(409, "email"), List.of(taken.status(), taken.error().get("field")));
      assertEquals(409, send(blog, "PUT", "/users/{username}", as("zoe").path("username", "zoe")
          .body("{\"email\":\"z2@example.com\",\"name\":\"Z\"}")).status());
      assertEquals(403, send(blog, "PUT", "/users/{username}", as("zed").path("username", "amy").body(zoe)).status());
      assertEquals("zoe@example.com", send(blog, "GET", "/users/{username}", as("zoe").path("username", "zoe"))
          .json().get("email"));
      assertEquals(403, send(blog, "GET", "/users/{username}", as("ann").path("username", "zoe")).status());
      assertEquals("zoe", send(blog, "GET", "/emails/{email}/user", as("ann").path("email", "ZOE@example.com"))
          .json().get("username"));
      assertEquals(404, send(blog, "GET", "/emails/{email}/user", as("ann").path("email", "no@example.com")).status());
      assertEquals(401, send(blog, "GET", "/emails/{email}/user", BenchRequest.anonymous()
          .path("email", "zoe@example.com")).status());

      // B04 create posts; B05 list them newest first, in pages; B06 get one
      String first = (String) send(blog, "POST", "/users/{username}/posts", as("zoe").path("username", "zoe")
          .body("{\"title\":\"One\",\"content\":\"first\"}")).json().get("post");
      Reply second = send(blog, "POST", "/users/{username}/posts", as("zoe").path("username", "zoe")
          .body("{\"title\":\"Two\",\"content\":\"second\"}"));
      assertEquals(List.of(201, "\"1\""), List.of(second.status(), second.header("etag")));
      assertEquals(400, send(blog, "POST", "/users/{username}/posts", as("zoe").path("username", "zoe")
          .body("{\"title\":\" \",\"content\":\"x\"}")).status());
      assertEquals(403, send(blog, "POST", "/users/{username}/posts", as("ann").path("username", "zoe")
          .body("{\"title\":\"T\",\"content\":\"x\"}")).status());
      Map<String, Object> page = send(blog, "GET", "/users/{username}/posts", anyone().query("limit", "1")).json();
      assertEquals(List.of(second.json().get("post")), posts(page));
      Map<String, Object> rest = send(blog, "GET", "/users/{username}/posts", anyone()
          .query("cursor", (String) page.get("nextCursor"))).json();
      assertEquals(List.of(first), posts(rest));
      assertNull(rest.get("nextCursor"));
      Reply got = send(blog, "GET", POST, anyone().path("post", first));
      assertEquals(List.of(200, "One", "\"1\""), List.of(got.status(), got.json().get("title"), got.header("etag")));
      assertEquals(400, send(blog, "GET", POST, anyone().path("post", "POST#x")).status());

      // B07 update under If-Match; B08 delete
      Reply edited = send(blog, "PATCH", POST, as("zoe").path("username", "zoe").path("post", first)
          .header("if-match", "\"1\"").body("{\"content\":\"edited\"}"));
      assertEquals(List.of(200, "edited", "\"2\""), List.of(edited.status(), edited.json().get("content"),
          edited.header("etag")));
      assertEquals(412, send(blog, "PATCH", POST, as("zoe").path("username", "zoe").path("post", first)
          .header("if-match", "\"1\"").body("{\"content\":\"stale\"}")).status());
      assertEquals("edited", blog.table().item(new Key("USER#zoe", "POST#" + first)).orElseThrow().get("Content").s());
      assertEquals(403, send(blog, "DELETE", POST, as("ann").path("username", "zoe").path("post", first)).status());
      assertEquals(204, send(blog, "DELETE", POST, as("zoe").path("username", "zoe").path("post", first)).status());
      assertEquals(404, send(blog, "GET", POST, anyone().path("post", first)).status());
      assertEquals("ok", send(blog, "GET", "/health", BenchRequest.anonymous()).json().get("status"));
    }
  }

  @Test
  void publish_shouldMoveADraftIntoTheAuthorsPublishedList_once_andTellRefusalsApart() {
    try (ServedDomain<?> blog = ServedDomain.start(new BlogDev())) {
      String id = (String) send(blog, "POST", "/users/{username}/posts", as("zoe").path("username", "zoe")
          .body("{\"title\":\"Draft\",\"content\":\"soon\"}")).json().get("post");
      Key key = new Key("USER#zoe", "POST#" + id);
      assertFalse(blog.table().item(key).orElseThrow().containsKey("GSI1PK"), "a draft is in no published list");
      assertEquals(List.of(), posts(send(blog, "GET", "/users/{username}/published", anyone()).json()));

      // B10 publish: 403 for another user, 404 for no such post, 412 on a stale If-Match, then 200
      assertEquals(403, send(blog, "POST", POST + "/publish", as("ann").path("username", "zoe").path("post", id))
          .status());
      Reply none = send(blog, "POST", POST + "/publish", as("zoe").path("username", "zoe")
          .path("post", "01JZZZZZZZZZZZZZZZZZZZZZZZ"));
      assertEquals(List.of(404, "post not found"), List.of(none.status(), none.error().get("message")), none.body());
      assertEquals(400, send(blog, "POST", POST + "/publish", as("zoe").path("username", "zoe").path("post", "x"))
          .status());
      assertEquals(412, send(blog, "POST", POST + "/publish", as("zoe").path("username", "zoe").path("post", id)
          .header("if-match", "\"7\"")).status());
      Reply published = send(blog, "POST", POST + "/publish", as("zoe").path("username", "zoe").path("post", id)
          .header("if-match", "\"1\""));
      assertEquals(List.of(200, "published", "\"2\""), List.of(published.status(), published.json().get("status"),
          published.header("etag")));
      String at = (String) published.json().get("publishedAt");
      Map<String, Object> created = Map.of("CreatedAt", blog.table().item(key).orElseThrow().get("CreatedAt").s());
      assertEquals(item("PK", "USER#zoe", "SK", "POST#" + id, "GSI1PK", "USER#zoe", "GSI1SK", "POST#" + id,
          "Type", "Post", "Username", "zoe", "PostId", id, "Title", "Draft", "Content", "soon", "Status", "published",
          "PublishedAt", at, "Version", 2, "CreatedAt", created.get("CreatedAt"), "UpdatedAt", at, "SchemaVersion", 1),
          blog.table().item(key).orElseThrow());

      // B11 lists it; publishing again is answered as it is and writes nothing
      assertEquals(List.of(id), posts(send(blog, "GET", "/users/{username}/published", anyone()).json()));
      Reply again = send(blog, "POST", POST + "/publish", as("zoe").path("username", "zoe").path("post", id));
      assertEquals(List.of(200, at, "\"2\""), List.of(again.status(), again.json().get("publishedAt"),
          again.header("etag")));
    }
  }

  private static BenchRequest as(String user) {
    return BenchRequest.as(user);
  }

  private static BenchRequest anyone() {
    return BenchRequest.anonymous().path("username", "zoe");
  }

  private static Reply send(ServedDomain<?> blog, String method, String route, BenchRequest r) {
    return blog.send(method, route, r);
  }

  private static List<Object> posts(Map<String, Object> page) {
    return ((List<?>) page.get("items")).stream().<Object>map(i -> ((Map<?, ?>) i).get("post")).toList();
  }
}

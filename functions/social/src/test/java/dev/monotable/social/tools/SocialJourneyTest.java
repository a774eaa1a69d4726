package dev.monotable.social.tools;

import static dev.monotable.testing.ExpectedItems.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.bench.BenchRequest;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.testing.ServedDomain;
import dev.monotable.kit.testing.ServedDomain.Reply;
import dev.monotable.testing.DynamoDbExtension;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Social over real HTTP (the local service of scripts/dev) on its demo data, its stream function
 * run as Lambda would: every pattern, its errors and permissions, the exact items.
 */
@ExtendWith(DynamoDbExtension.class)
class SocialJourneyTest {
  private static final String USER = "/users/{username}";
  private static final String POST = USER + "/posts/{post}";
  private static final String FOLLOW = USER + "/following/{followee}";
  private static final String LIKE = POST + "/likes/{liker}";

  @Test
  void journey_shouldServeEveryPattern() {
    try (ServedDomain<?> social = ServedDomain.start(new SocialDev(), new ServedDomain.Options(true, false))) {
      // SO01 create users; SO02 get one
      assertEquals(201, send(social, "PUT", USER, as("zoe").path("username", "zoe").body("{\"name\":\"Zoe\"}")).status());
      assertEquals(201, send(social, "PUT", USER, as("yan").path("username", "yan").body("{\"name\":\"Yan\"}")).status());
      assertEquals(409, send(social, "PUT", USER, as("zoe").path("username", "zoe").body("{\"name\":\"Z\"}")).status());
      assertEquals(403, send(social, "PUT", USER, as("zoe").path("username", "amy").body("{\"name\":\"A\"}")).status());
      assertEquals(400, send(social, "PUT", USER, as("zoe").path("username", "zoe").body("{\"name\":\" \"}")).status());
      assertEquals(400, send(social, "GET", USER, anyone().path("username", "USER#x")).status());
      assertEquals(404, send(social, "GET", USER, anyone().path("username", "nobody")).status());

      // SO07 follow (idempotent), exact counts; SO09 following; SO10 followers
      Reply followed = send(social, "PUT", FOLLOW, as("yan").path("username", "yan").path("followee", "zoe"));
      assertEquals(201, followed.status(), followed.body());
      assertEquals(200, send(social, "PUT", FOLLOW, as("yan").path("username", "yan").path("followee", "zoe")).status());
      assertEquals(403, send(social, "PUT", FOLLOW, as("zoe").path("username", "yan").path("followee", "ann")).status());
      assertEquals(401, send(social, "PUT", FOLLOW, anyone().path("username", "yan").path("followee", "ann")).status());
      assertEquals(404, send(social, "PUT", FOLLOW, as("yan").path("username", "yan").path("followee", "nobody")).status());
      assertEquals(400, send(social, "PUT", FOLLOW, as("yan").path("username", "yan").path("followee", "yan")).status());
      assertEquals(201, send(social, "PUT", FOLLOW, as("yan").path("username", "yan").path("followee", "star")).status());
      assertEquals(item("PK", "USER#yan", "SK", "FOLLOWS#zoe", "GSI1PK", "FOLLOWERS#zoe", "GSI1SK", "USER#yan",
          "Type", "Follow", "Username", "yan", "Followee", "zoe", "CreatedAt", followed.json().get("createdAt"),
          "UpdatedAt", followed.json().get("createdAt"), "SchemaVersion", 1),
          social.table().item(new Key("USER#yan", "FOLLOWS#zoe")).orElseThrow());
      assertEquals("ABOVE#yan", social.table().item(new Key("USER#yan", "FOLLOWS#star")).orElseThrow()
          .get("GSI2PK").s(), "star is merged on read: the edge is on GSI2");
      assertEquals(List.of(1L, 0L), counts(social, "zoe"));
      assertEquals(List.of(0L, 2L), counts(social, "yan"));
      assertEquals(List.of("star", "zoe"), field(send(social, "GET", USER + "/following", anyone()
          .path("username", "yan")).json(), "followee"));
      Map<String, Object> followers = send(social, "GET", USER + "/followers", anyone().path("username", "zoe")
          .query("limit", "1")).json();
      assertEquals(List.of("yan"), field(followers, "username"));

      // SO03 create posts; SO04 a user's posts newest first; SO05 get a post
      String first = post(social, "zoe", "first");
      String second = post(social, "zoe", "second");
      // A user who never signed up: their post, comment and like are 404 naming the user, and nothing is written
      // (the orphan defect: 201, while GET /users/ghost was 404 and their posts listed the post).
      Reply orphan = send(social, "POST", USER + "/posts", as("ghost").path("username", "ghost")
          .body("{\"text\":\"boo\"}"));
      assertEquals(List.of(404, "user not found"), List.of(orphan.status(), orphan.error().get("message")));
      assertEquals(List.of(), field(send(social, "GET", USER + "/posts", anyone().path("username", "ghost")).json(),
          "post"));
      assertEquals(404, send(social, "POST", POST + "/comments", as("ghost").path("username", "zoe")
          .path("post", first).body("{\"text\":\"boo\"}")).status());
      assertEquals(404, send(social, "PUT", LIKE, as("ghost").path("username", "zoe").path("post", first)
          .path("liker", "ghost")).status());
      assertEquals(List.of(), social.table().scanAll().stream().filter(i -> i.get("PK").s().equals("USER#ghost")
          || i.get("PK").s().equals("POST#" + first) && List.of("Comment", "Like", "LikeCount")
              .contains(i.get("Type").s())).toList());
      assertEquals(403, send(social, "POST", USER + "/posts", as("yan").path("username", "zoe")
          .body("{\"text\":\"x\"}")).status());
      assertEquals(400, send(social, "POST", USER + "/posts", as("zoe").path("username", "zoe")
          .body("{\"text\":\"x\",\"PK\":\"USER#ann\"}")).status());
      Map<String, Object> page = send(social, "GET", USER + "/posts", anyone().path("username", "zoe")
          .query("limit", "1")).json();
      assertEquals(List.of(second), field(page, "post"));
      assertEquals(List.of(first), field(send(social, "GET", USER + "/posts", anyone().path("username", "zoe")
          .query("cursor", (String) page.get("nextCursor"))).json(), "post"));
      assertEquals("first", send(social, "GET", POST, anyone().path("username", "zoe").path("post", first))
          .json().get("text"));

      // ST1 fans the posts out: one entry per follower, exactly, in yan's feed partition
      assertEquals(List.of(), social.settle());
      assertEquals(item("PK", "FEED#yan", "SK", "POST#" + first, "Type", "FeedEntry", "Username", "yan",
          "PostId", first, "Author", "zoe", "TTL", Long.parseLong(social.table().item(new Key("FEED#yan", "POST#" + first))
              .orElseThrow().get("TTL").n()), "CreatedAt", createdAt(social, "zoe", first),
          "UpdatedAt", createdAt(social, "zoe", first), "SchemaVersion", 1),
          social.table().item(new Key("FEED#yan", "POST#" + first)).orElseThrow());
      String starPost = post(social, "star", "from above");
      assertEquals(List.of(), social.settle());
      assertFalse(social.table().item(new Key("FEED#yan", "POST#" + starPost)).isPresent(), "star's posts are not copied");

      // SO18 yan's feed: zoe's posts fanned out, star's merged on read, newest first, in pages
      Reply feed = send(social, "GET", USER + "/feed", as("yan").path("username", "yan").query("limit", "2"));
      assertEquals(List.of(starPost, second), field(feed.json(), "post"), feed.body());
      Map<String, Object> rest = send(social, "GET", USER + "/feed", as("yan").path("username", "yan")
          .query("limit", "2").query("cursor", (String) feed.json().get("nextCursor"))).json();
      assertTrue(field(rest, "post").contains(first), rest.toString());
      assertEquals(403, send(social, "GET", USER + "/feed", as("zoe").path("username", "yan")).status());
      assertEquals(400, send(social, "GET", USER + "/feed", as("yan").path("username", "yan")
          .query("cursor", "POST#x")).status());
      assertEquals(400, send(social, "GET", USER + "/feed", as("yan").path("username", "yan")
          .query("cursor", first)).status(), "a post id is no cursor the feed issued");

      // SO11 comment; SO12 comments oldest first; SO13 delete one's own only
      Reply c1 = send(social, "POST", POST + "/comments", as("yan").path("username", "zoe").path("post", first)
          .body("{\"text\":\"one\"}"));
      assertEquals(201, c1.status(), c1.body());
      String comment = (String) c1.json().get("comment");
      assertEquals(item("PK", "POST#" + first, "SK", "COMMENT#" + comment, "Type", "Comment", "PostId", first,
          "CommentId", comment, "Author", "yan", "Text", "one", "CreatedAt", c1.json().get("createdAt"),
          "UpdatedAt", c1.json().get("createdAt"), "SchemaVersion", 1),
          social.table().item(new Key("POST#" + first, "COMMENT#" + comment)).orElseThrow());
      send(social, "POST", POST + "/comments", as("zoe").path("username", "zoe").path("post", first)
          .body("{\"text\":\"two\"}"));
      assertEquals(List.of("one", "two"), field(send(social, "GET", "/posts/{post}/comments", anyone()
          .path("post", first)).json(), "text"));
      assertEquals(404, send(social, "POST", POST + "/comments", as("yan").path("username", "yan").path("post", first)
          .body("{\"text\":\"x\"}")).status());
      assertEquals(403, send(social, "DELETE", POST + "/comments/{comment}", as("zoe").path("username", "zoe")
          .path("post", first).path("comment", comment)).status());
      assertEquals(204, send(social, "DELETE", POST + "/comments/{comment}", as("yan").path("username", "zoe")
          .path("post", first).path("comment", comment)).status());
      assertFalse(social.table().item(new Key("POST#" + first, "COMMENT#" + comment)).isPresent());

      // SO14 like (idempotent); SO15 unlike; SO16 likes; SO17 the exact count
      assertEquals(201, send(social, "PUT", LIKE, as("yan").path("username", "zoe").path("post", first)
          .path("liker", "yan")).status());
      assertEquals(200, send(social, "PUT", LIKE, as("yan").path("username", "zoe").path("post", first)
          .path("liker", "yan")).status());
      assertEquals(201, send(social, "PUT", LIKE, as("zoe").path("username", "zoe").path("post", first)
          .path("liker", "zoe")).status());
      assertEquals(403, send(social, "PUT", LIKE, as("zoe").path("username", "zoe").path("post", first)
          .path("liker", "yan")).status());
      assertEquals(item("PK", "POST#" + first, "SK", "LIKE#yan", "Type", "Like", "PostId", first, "Liker", "yan",
          "CreatedAt", social.table().item(new Key("POST#" + first, "LIKE#yan")).orElseThrow().get("CreatedAt").s(),
          "UpdatedAt", social.table().item(new Key("POST#" + first, "LIKE#yan")).orElseThrow().get("UpdatedAt").s(),
          "SchemaVersion", 1), social.table().item(new Key("POST#" + first, "LIKE#yan")).orElseThrow());
      assertEquals(2, likes(social, first));
      // A post that is not there has no like count: 404 like the post (it answered 200 {"likes": 0}).
      Reply none = send(social, "GET", POST + "/like-count", anyone().path("username", "zoe")
          .path("post", "01ARZ3NDEKTSV4RRFFQ69G5FAV"));
      assertEquals(404, none.status(), none.body());
      assertEquals(404, send(social, "GET", POST + "/like-count", anyone().path("username", "yan").path("post", first))
          .status(), "zoe's post is not yan's");
      assertEquals(List.of("yan", "zoe"), field(send(social, "GET", "/posts/{post}/likes", anyone()
          .path("post", first)).json(), "liker"));
      assertEquals(204, send(social, "DELETE", LIKE, as("yan").path("username", "zoe").path("post", first)
          .path("liker", "yan")).status());
      assertEquals(204, send(social, "DELETE", LIKE, as("yan").path("username", "zoe").path("post", first)
          .path("liker", "yan")).status());
      assertEquals(1, likes(social, first));

      // SO06 delete a post: hidden from the feed at once, its entries and partition deleted by ST1
      assertEquals(403, send(social, "DELETE", POST, as("yan").path("username", "zoe").path("post", first)).status());
      assertEquals(204, send(social, "DELETE", POST, as("zoe").path("username", "zoe").path("post", first)).status());
      assertFalse(field(send(social, "GET", USER + "/feed", as("yan").path("username", "yan")).json(), "post")
          .contains(first), "hidden on read");
      assertEquals(List.of(), social.settle());
      assertFalse(social.table().item(new Key("FEED#yan", "POST#" + first)).isPresent());
      assertFalse(social.table().item(new Key("POST#" + first, "LIKE#zoe")).isPresent());

      // SO08 unfollow (idempotent): counts back, no new entries
      assertEquals(204, send(social, "DELETE", FOLLOW, as("yan").path("username", "yan").path("followee", "zoe")).status());
      assertEquals(204, send(social, "DELETE", FOLLOW, as("yan").path("username", "yan").path("followee", "zoe")).status());
      assertEquals(List.of(0L, 0L), counts(social, "zoe"));
      String third = post(social, "zoe", "third");
      assertEquals(List.of(), social.settle());
      assertFalse(social.table().item(new Key("FEED#yan", "POST#" + third)).isPresent(), "unfollowed: no new entry");
      assertEquals("ok", send(social, "GET", "/health", BenchRequest.anonymous()).json().get("status"));
    }
  }

  private static String post(ServedDomain<?> social, String user, String text) {
    Reply r = send(social, "POST", USER + "/posts", as(user).path("username", user).body("{\"text\":\"" + text + "\"}"));
    assertEquals(201, r.status(), r.body());
    return (String) r.json().get("post");
  }

  private static Object createdAt(ServedDomain<?> social, String user, String post) {
    return social.table().item(new Key("USER#" + user, "POST#" + post)).orElseThrow().get("CreatedAt").s();
  }

  private static long likes(ServedDomain<?> social, String post) {
    return ((Number) send(social, "GET", POST + "/like-count", anyone().path("username", "zoe").path("post", post))
        .json().get("likes")).longValue();
  }

  /** A user's follower count, then following count, from SO02. */
  private static List<Long> counts(ServedDomain<?> social, String user) {
    Map<String, Object> u = send(social, "GET", USER, anyone().path("username", user)).json();
    return List.of(((Number) u.get("followerCount")).longValue(), ((Number) u.get("followingCount")).longValue());
  }

  private static BenchRequest as(String user) {
    return BenchRequest.as(user);
  }

  private static BenchRequest anyone() {
    return BenchRequest.anonymous();
  }

  private static Reply send(ServedDomain<?> social, String method, String route, BenchRequest r) {
    return social.send(method, route, r);
  }

  private static List<Object> field(Map<String, Object> page, String name) {
    return ((List<?>) page.get("items")).stream().<Object>map(i -> ((Map<?, ?>) i).get(name)).toList();
  }
}

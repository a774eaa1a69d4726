package dev.monotable.social.data;

import static dev.monotable.testing.ExpectedItems.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.ForbiddenException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.keys.Key;
import dev.monotable.social.Social;
import dev.monotable.social.model.Post;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TableOf;
import dev.monotable.testing.TestTable;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Social's custom data methods against the local engine: the exact items, the counts, the feed. */
@ExtendWith(DynamoDbExtension.class)
@TableOf(Social.class)
class SocialDataTest {
  private static final String T0 = "2090-01-02T03:04:05.678Z";
  /** The TTL of an entry of a post written at T0: 30 days later, in epoch seconds. */
  private static final long T0_TTL = 3787009445L + 30L * 24 * 3600;

  private final TestTable table;
  private final MutableClock clock = MutableClock.at(T0);
  private final TableGateway gateway;
  private final Users users;
  private final Posts posts;
  private final Follows follows;
  private final Comments comments;
  private final Likes likes;
  private final Feed feed;
  /** Threshold 3: an author with 3 followers or more is merged on read. */
  private final FanOut fanOut;

  SocialDataTest(TestTable table) {
    this.table = table;
    this.gateway = table.gateway(clock);
    this.users = new Users(gateway);
    this.posts = new Posts(gateway);
    this.follows = new Follows(gateway);
    this.comments = new Comments(gateway);
    this.likes = new Likes(gateway);
    this.feed = new Feed(gateway);
    this.fanOut = new FanOut(gateway, 3);
  }

  @Test
  void createUser_shouldWriteTheUserWithZeroCounts_andRefuseATakenName() {
    users.create("ann", "Ann");
    var ann = new java.util.HashMap<>(user("ann"));
    assertEquals(36, ann.remove("WriteToken").s().length(), "the create's token, which its SDK retry recognises");
    assertEquals(item("PK", "USER#ann", "SK", "USER#ann", "Type", "User", "Username", "ann", "Name", "Ann",
        "FollowerCount", 0, "FollowingCount", 0, "CreatedAt", T0, "UpdatedAt", T0, "SchemaVersion", 1), ann);
    assertEquals("username", assertThrows(ConflictException.class, () -> users.create("ann", "Other")).conflict());
    assertEquals("Ann", user("ann").get("Name").s());
  }

  @Test
  void follow_shouldWriteOneEdgeAndMoveBothCountsOnce_andUnfollowUndoIt() {
    users.create("al", "Ann");
    users.create("bo", "Bob");

    assertTrue(follows.follow("al", "bo").created());
    assertFalse(follows.follow("al", "bo").created(), "following again changes nothing");
    assertEquals(item("PK", "USER#al", "SK", "FOLLOWS#bo", "GSI1PK", "FOLLOWERS#bo", "GSI1SK", "USER#al",
        "Type", "Follow", "Username", "al", "Followee", "bo", "CreatedAt", T0, "UpdatedAt", T0, "SchemaVersion", 1),
        table.item(new Key("USER#al", "FOLLOWS#bo")).orElseThrow());
    assertEquals(List.of(1L, 0L, 0L, 1L), counts("al", "bo"));
    assertEquals(List.of("al"), follows.followers("bo", PageRequest.first(10)).items().stream()
        .map(f -> f.get("username")).toList());

    assertTrue(follows.unfollow("al", "bo"));
    assertFalse(follows.unfollow("al", "bo"), "unfollowing again changes nothing");
    assertFalse(table.item(new Key("USER#al", "FOLLOWS#bo")).isPresent());
    assertEquals(List.of(0L, 0L, 0L, 0L), counts("al", "bo"));

    assertThrows(NotFoundException.class, () -> follows.follow("al", "nobody"));
    assertThrows(NotFoundException.class, () -> follows.follow("ghost", "bo"));
    assertThrows(ValidationException.class, () -> follows.follow("al", "al"));
    // one transaction cannot ADD twice to one user item: unfollowing oneself was a 500, it is a 400 as following
    assertEquals("followee", assertThrows(ValidationException.class, () -> follows.unfollow("al", "al")).field());
    assertThrows(ValidationException.class, () -> follows.follow("al", "B#OB"));
    assertEquals(List.of(0L, 0L, 0L, 0L), counts("al", "bo"), "no refused follow moved a count");
  }

  @Test
  void writesByAUserWhoNeverSignedUp_shouldBe404NamingTheUser_andWriteNothing() {
    // The orphan defect: a post by a user who never signed up was written (GET /users/{u} 404, their posts listed).
    users.create("gw", "Gwen");
    String post = (String) posts.create("gw", "Hello").get("post");

    assertEquals("user not found", assertThrows(NotFoundException.class, () -> posts.create("ghost", "Boo"))
        .getMessage());
    assertEquals(List.of(), table.scanAll().stream().filter(i -> i.get("PK").s().equals("USER#ghost")).toList());
    assertEquals("user not found", assertThrows(NotFoundException.class,
        () -> comments.create("gw", post, "ghost", "Boo")).getMessage());
    assertEquals("user not found", assertThrows(NotFoundException.class, () -> likes.like("gw", post, "ghost"))
        .getMessage());
    assertEquals(List.of(), table.scanAll().stream().filter(i -> i.get("PK").s().equals("POST#" + post)
        && List.of("Comment", "Like", "LikeCount").contains(i.get("Type").s())).toList(),
        "no comment, like or like count of the post");
    assertEquals("post not found", assertThrows(NotFoundException.class,
        () -> comments.create("gw", "01ARZ3NDEKTSV4RRFFQ69G5FAV", "ghost", "x")).getMessage(), "the post first");
  }

  @Test
  void commentsAndLikes_shouldBeExact_andOwnedByTheirAuthors() {
    users.create("cy", "Ann");
    users.create("bob", "Bob");
    users.create("cat", "Cat");
    String post = (String) posts.create("cy", "Hello").get("post");
    assertEquals(item("PK", "USER#cy", "SK", "POST#" + post, "Type", "Post", "Username", "cy", "PostId", post,
        "Text", "Hello", "CreatedAt", T0, "UpdatedAt", T0, "SchemaVersion", 1),
        table.item(new Key("USER#cy", "POST#" + post)).orElseThrow());

    String comment = (String) comments.create("cy", post, "bob", "Nice").get("comment");
    assertEquals(item("PK", "POST#" + post, "SK", "COMMENT#" + comment, "Type", "Comment", "PostId", post,
        "CommentId", comment, "Author", "bob", "Text", "Nice", "CreatedAt", T0, "UpdatedAt", T0, "SchemaVersion", 1),
        table.item(new Key("POST#" + post, "COMMENT#" + comment)).orElseThrow());
    assertThrows(NotFoundException.class, () -> comments.create("cy", "01ARZ3NDEKTSV4RRFFQ69G5FAV", "bob", "x"));
    assertThrows(ForbiddenException.class, () -> comments.delete("cy", post, comment, "cy"));
    assertTrue(table.item(new Key("POST#" + post, "COMMENT#" + comment)).isPresent());
    comments.delete("cy", post, comment, "bob");
    comments.delete("cy", post, comment, "bob"); // gone stays gone
    assertFalse(table.item(new Key("POST#" + post, "COMMENT#" + comment)).isPresent());

    assertTrue(likes.like("cy", post, "bob"));
    assertFalse(likes.like("cy", post, "bob"), "a second like is the same like");
    assertTrue(likes.like("cy", post, "cat"));
    assertEquals(item("PK", "POST#" + post, "SK", "LIKE#bob", "Type", "Like", "PostId", post, "Liker", "bob",
        "CreatedAt", T0, "UpdatedAt", T0, "SchemaVersion", 1), table.item(new Key("POST#" + post, "LIKE#bob")).orElseThrow());
    String shard = Integer.toString(Math.floorMod("bob".hashCode(), 10));
    assertEquals(item("PK", "POST#" + post, "SK", "LIKECOUNT#" + shard, "Type", "LikeCount", "PostId", post,
        "Shard", shard, "Count", shard.equals(Integer.toString(Math.floorMod("cat".hashCode(), 10))) ? 2 : 1,
        "SchemaVersion", 1, "CreatedAt", T0, "UpdatedAt", T0),
        table.item(new Key("POST#" + post, "LIKECOUNT#" + shard)).orElseThrow());
    assertEquals(2L, likes.count("cy", post));
    assertTrue(likes.unlike("cy", post, "bob"));
    assertFalse(likes.unlike("cy", post, "bob"), "a second unlike moves nothing");
    assertThrows(ValidationException.class, () -> likes.unlike("CY#", post, "bob"));
    assertEquals(1L, likes.count("cy", post));
    assertThrows(NotFoundException.class, () -> likes.like("cy", "01ARZ3NDEKTSV4RRFFQ69G5FAV", "bob"));
    assertEquals(1L, likes.count("cy", post));
    // SO17 of a post that does not exist, or not under this user, is a 404 like the post itself (it answered 0).
    assertEquals("post not found", assertThrows(NotFoundException.class,
        () -> likes.count("cy", "01ARZ3NDEKTSV4RRFFQ69G5FAV")).getMessage());
    assertThrows(NotFoundException.class, () -> likes.count("bob", post));
  }

  @Test
  void fanOut_shouldWriteOneEntryPerFollower_exactlyOnceUnderRedelivery_andResumeFromItsCheckpoint() {
    for (String u : List.of("di", "dj", "dk")) {
      users.create(u, u);
    }
    follows.follow("di", "dj");
    follows.follow("dk", "dj");
    var postItem = Post.ENTITY.toItem(posts.create("dj", "Hi"));
    String post = postItem.get("PostId").s();

    assertEquals(dev.monotable.kit.data.StreamEffect.APPLIED, fanOut.posted(postItem));
    assertEquals(item("PK", "FEED#di", "SK", "POST#" + post, "Type", "FeedEntry", "Username", "di", "PostId", post,
        "Author", "dj", "TTL", T0_TTL, "CreatedAt", T0, "UpdatedAt", T0, "SchemaVersion", 1),
        table.item(new Key("FEED#di", "POST#" + post)).orElseThrow());
    assertTrue(table.item(new Key("FEED#dk", "POST#" + post)).isPresent());
    assertEquals(item("PK", "POST#" + post, "SK", "FANOUT", "Type", "FanOutCheckpoint", "PostId", post,
        "Cursor", "done", "TTL", T0_TTL, "Written", 2, "CreatedAt", T0, "UpdatedAt", T0, "SchemaVersion", 1),
        table.item(new Key("POST#" + post, "FANOUT")).orElseThrow());

    // Redelivered: the checkpoint says done, nothing is written again.
    var before = table.scanAll();
    assertEquals(dev.monotable.kit.data.StreamEffect.ALREADY_APPLIED, fanOut.posted(postItem));
    assertEquals(before, table.scanAll());
    // Redelivered after a failure before the checkpoint: the same entries again, one per follower.
    gateway.delete(new Key("POST#" + post, "FANOUT"), null, null);
    fanOut.posted(postItem);
    assertEquals(2, table.itemsOfType("FeedEntry").size());
    assertEquals(before, table.scanAll());

    var page = feed.page("di", PageRequest.first(10));
    assertEquals(List.of(post), page.items().stream().map(p -> p.get("post")).toList());
    assertEquals("Hi", page.items().get(0).get("text"));
  }

  @Test
  void fanOut_shouldSkipAnAuthorAboveTheThreshold_whoseFollowersMergeTheirPostsOnRead() {
    for (String u : List.of("ea", "eb", "ec", "ed", "ee")) {
      users.create(u, u);
    }
    follows.follow("ea", "ee");
    String early = (String) posts.create("ee", "before the crossing").get("post");
    fanOut.posted(postItem("ee", early));
    follows.follow("eb", "ee");
    follows.follow("ec", "ee"); // 3 followers: the threshold
    clock.advance(Duration.ofSeconds(1));
    String later = (String) posts.create("ee", "after").get("post");

    assertEquals(dev.monotable.kit.data.StreamEffect.APPLIED, fanOut.posted(postItem("ee", later)));
    assertFalse(table.item(new Key("FEED#ea", "POST#" + later)).isPresent(), "not copied");
    assertEquals("read", user("ee").get("Reach").s());
    assertEquals(item("PK", "USER#ea", "SK", "FOLLOWS#ee", "GSI1PK", "FOLLOWERS#ee", "GSI1SK", "USER#ea",
        "GSI2PK", "ABOVE#ea", "GSI2SK", "FOLLOWS#ee", "Type", "Follow", "Username", "ea", "Followee", "ee",
        "Above", T0.replace("05.678", "06.678"), "CreatedAt", T0, "UpdatedAt", T0, "SchemaVersion", 1),
        table.item(new Key("USER#ea", "FOLLOWS#ee")).orElseThrow());
    // A follow after the crossing is written on GSI2 at once.
    follows.follow("ed", "ee");
    assertEquals("ABOVE#ed", table.item(new Key("USER#ed", "FOLLOWS#ee")).orElseThrow().get("GSI2PK").s());

    // ea's feed: the later post merged on read, the early one from her feed partition, once each.
    assertEquals(List.of(later, early), feed.page("ea", PageRequest.first(10)).items().stream()
        .map(p -> p.get("post")).toList());
    var first = feed.page("ea", PageRequest.first(1));
    assertEquals(List.of(later), first.items().stream().map(p -> p.get("post")).toList());
    var second = feed.page("ea", new PageRequest(1, first.nextCursor()));
    assertEquals(List.of(early), second.items().stream().map(p -> p.get("post")).toList());
    assertNull(second.nextCursor(), "the last page");
    assertThrows(ValidationException.class, () -> feed.page("eb", new PageRequest(1, first.nextCursor())),
        "another reader's cursor");
    assertThrows(ValidationException.class, () -> feed.page("ea", new PageRequest(1, "POST#x")));

    // Unfollowing stops the merge.
    follows.unfollow("ea", "ee");
    assertEquals(List.of(early), feed.page("ea", PageRequest.first(10)).items().stream()
        .map(p -> p.get("post")).toList());
  }

  @Test
  void deletedPost_shouldBeHiddenOnRead_andItsEntriesAndPartitionDeletedByTheStream() {
    for (String u : List.of("fa", "fb")) {
      users.create(u, u);
    }
    follows.follow("fa", "fb");
    String post = (String) posts.create("fb", "Oops").get("post");
    var postItem = postItem("fb", post);
    fanOut.posted(postItem);
    likes.like("fb", post, "fa");
    comments.create("fb", post, "fa", "hm");
    gateway.delete(new Key("USER#fb", "POST#" + post), null, null);

    assertEquals(List.of(), feed.page("fa", PageRequest.first(10)).items(), "hidden before the stream runs");
    assertEquals(dev.monotable.kit.data.StreamEffect.APPLIED, fanOut.deleted(postItem));
    assertFalse(table.item(new Key("FEED#fa", "POST#" + post)).isPresent());
    assertEquals(List.of(), table.scanAll().stream().filter(i -> i.get("PK").s().equals("POST#" + post)).toList(),
        "its like, count shard, comment and checkpoint deleted");
    assertEquals(dev.monotable.kit.data.StreamEffect.APPLIED, fanOut.deleted(postItem), "again: nothing left to do");
  }

  private Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> postItem(String author,
      String post) {
    return table.item(new Key("USER#" + author, "POST#" + post)).orElseThrow();
  }

  private Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> user(String username) {
    return table.item(new Key("USER#" + username, "USER#" + username)).orElseThrow();
  }

  /** a's following and follower counts, then b's. */
  private List<Long> counts(String a, String b) {
    return List.of(n(user(a), "FollowingCount"), n(user(a), "FollowerCount"), n(user(b), "FollowingCount"),
        n(user(b), "FollowerCount"));
  }

  private static long n(Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> item, String name) {
    return Long.parseLong(item.get(name).n());
  }
}

package dev.monotable.blog.data;

import static dev.monotable.testing.ExpectedItems.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.monotable.blog.Blog;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.errors.VersionMismatchException;
import dev.monotable.kit.keys.Key;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TableOf;
import dev.monotable.testing.TestTable;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The blog's custom data methods against the local engine: the exact items, one request each. */
@ExtendWith(DynamoDbExtension.class)
@TableOf(Blog.class)
class BlogDataTest {
  private static final String T0 = "2090-01-02T03:04:05.678Z";

  private final TestTable table;
  private final MutableClock clock = MutableClock.at(T0);
  private final Users users;
  private final Posts posts;

  BlogDataTest(TestTable table) {
    this.table = table;
    this.users = new Users(table.gateway(clock));
    this.posts = new Posts(table.gateway(clock));
  }

  @Test
  void createUser_shouldWriteTheUserAndTheClaimOfItsAddress_exactly() {
    users.create("ann", "Ann@Example.com", "Ann");

    assertEquals(item("PK", "USER#ann", "SK", "USER#ann", "GSI1PK", "EMAIL#ann@example.com",
        "GSI1SK", "EMAIL#ann@example.com", "Type", "User", "Username", "ann", "Email", "ann@example.com",
        "Name", "Ann", "CreatedAt", T0, "UpdatedAt", T0, "SchemaVersion", 1),
        table.item(new Key("USER#ann", "USER#ann")).orElseThrow());
    assertEquals(item("PK", "EMAIL#ann@example.com", "SK", "EMAIL#ann@example.com", "Type", "UserEmail",
        "Email", "ann@example.com", "Username", "ann", "CreatedAt", T0, "UpdatedAt", T0, "SchemaVersion", 1),
        table.item(new Key("EMAIL#ann@example.com", "EMAIL#ann@example.com")).orElseThrow());
    assertEquals("ann", users.byEmail("ANN@example.com").get("username"));
  }

  @Test
  void createUser_shouldConflictNamingWhichIsTaken_andWriteNothing() {
    users.create("bob", "bob@example.com", "Bob");
    assertEquals("username", assertThrows(ConflictException.class,
        () -> users.create("bob", "other@example.com", "B")).conflict());
    assertEquals("email", assertThrows(ConflictException.class,
        () -> users.create("bobby", "BOB@example.com", "B")).conflict());
    // neither refused transaction wrote its other item
    assertEquals(false, table.item(new Key("EMAIL#other@example.com", "EMAIL#other@example.com")).isPresent());
    assertEquals(false, table.item(new Key("USER#bobby", "USER#bobby")).isPresent());
    assertThrows(NotFoundException.class, () -> users.byEmail("other@example.com"));
    assertThrows(ValidationException.class, () -> users.byEmail("a#b@example.com"));
  }

  @Test
  void posts_shouldSortByTime_andUpdateUnderIfMatch() {
    String first = (String) posts.create("cat", "First", "one").get("post");
    clock.advance(Duration.ofMillis(1));
    String second = (String) posts.create("cat", "Second", "two").get("post");

    assertEquals(item("PK", "USER#cat", "SK", "POST#" + first, "Type", "Post", "Username", "cat", "PostId", first,
        "Title", "First", "Content", "one", "Version", 1, "CreatedAt", T0, "UpdatedAt", T0, "SchemaVersion", 1),
        table.item(new Key("USER#cat", "POST#" + first)).orElseThrow());
    assertEquals(true, first.compareTo(second) < 0, "a later post sorts after: newest first is descending");

    clock.advance(Duration.ofSeconds(1));
    Map<String, Object> edited = update("cat", first, Map.of("title", "First, edited"), 1L);
    assertEquals(2L, edited.get("version"));
    assertEquals("one", edited.get("content"));
    assertEquals("2090-01-02T03:04:06.679Z", edited.get("updatedAt"));
    assertEquals(2L, assertThrows(VersionMismatchException.class,
        () -> update("cat", first, Map.of("title", "stale"), 1L)).currentVersion());
    assertThrows(NotFoundException.class, () -> update("cat", "01ARZ3NDEKTSV4RRFFQ69G5FAV",
        Map.of("title", "x"), null));
  }

  /** B07, a plain update the kit serves: one versioned UpdateItem of the post. */
  private Map<String, Object> update(String username, String post, Map<String, Object> changes, Long expected) {
    return table.gateway(clock).updateVersioned(dev.monotable.blog.model.Post.ENTITY,
        Map.of("username", username, "post", post), changes, expected);
  }
}

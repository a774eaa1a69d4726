package dev.monotable.testing;

import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.model.AccountEmail;
import dev.monotable.forge.model.Activity;
import dev.monotable.forge.model.Comment;
import dev.monotable.forge.model.CountedComment;
import dev.monotable.forge.model.Counter;
import dev.monotable.kit.data.IdempotencyRecord;
import dev.monotable.forge.model.Invitation;
import dev.monotable.kit.items.Items;
import dev.monotable.forge.model.Membership;
import dev.monotable.forge.model.Organization;
import dev.monotable.forge.model.Reaction;
import dev.monotable.forge.model.RepoRef;
import dev.monotable.forge.model.Repository;
import dev.monotable.forge.model.Role;
import dev.monotable.forge.model.Star;
import dev.monotable.forge.model.Ticket;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.forge.model.TicketState;
import dev.monotable.forge.model.User;
import dev.monotable.forge.model.Visibility;
import dev.monotable.kit.schema.TableSchema;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One item per entity chart ({@code EntityCharts.all()}, keyed by chart label), each written by its
 * model record's {@code toItem()} from display-form values with capitals, so a key that forgot to
 * lower-case a name shows up.
 */
public final class ModelSamples {

  private static final Visibility PUBLIC = new Visibility(false, false);
  public static final String CREATED = "2026-01-02T03:04:05.678Z";
  public static final String UPDATED = "2026-01-03T00:00:00.000Z";
  public static final String ID = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
  public static final long WEEK_LATER = Instant.parse(CREATED).plus(Duration.ofDays(7)).getEpochSecond();
  public static final long NINETY_DAYS_LATER = Instant.parse(CREATED).plus(Duration.ofDays(90)).getEpochSecond();

  private ModelSamples() {}

  /** Chart label to sample item, in chart order. */
  public static Map<String, Map<String, AttributeValue>> all() {
    Map<String, Map<String, AttributeValue>> m = new LinkedHashMap<>();
    m.put("User", new User("Alice", "alice@example.com", "Alice A.", "hello", CREATED, UPDATED, 3).toItem());
    m.put("AccountEmail", new AccountEmail("Alice@Example.com", "Alice", CREATED).toItem());
    m.put("Organization", new Organization("Acme", "Acme Inc.", "tools", 1, CREATED, UPDATED, 2).toItem());
    m.put("Membership", new Membership("Acme", "Alice", Role.ADMIN, CREATED, UPDATED, 1).toItem());
    m.put("Invitation", new Invitation("Acme", "Bob@Example.com", Role.MEMBER, "Alice", CREATED, WEEK_LATER).toItem());
    m.put("Activity", new Activity("Alice", ID, "IssueOpened", "Bob", "Alice", "Hello.World", 7, "Bob opened #7",
        CREATED, NINETY_DAYS_LATER).toItem());
    m.put("Repository (not a fork)", new Repository("Alice", "Hello.World", "demo", false, false, null, 2, 1,
        CREATED, UPDATED, 1).toItem());
    m.put("Repository (a fork)", new Repository("Bob", "Hello.World", "demo", false, false,
        new RepoRef("Alice", "Hello.World"), 0, 0, CREATED, CREATED, 1).toItem());
    m.put("Counter", new Counter("Alice", "Hello.World", 7, PUBLIC, CREATED, UPDATED).toItem());
    m.put("Issue (open)", ticket(TicketKind.ISSUE, TicketState.OPEN, 7));
    m.put("Issue (closed)", ticket(TicketKind.ISSUE, TicketState.CLOSED, 6));
    m.put("PullRequest (open)", ticket(TicketKind.PULL_REQUEST, TicketState.OPEN, 5));
    m.put("PullRequest (closed or merged)", ticket(TicketKind.PULL_REQUEST, TicketState.MERGED, 4));
    m.put("IssueComment", new Comment(TicketKind.ISSUE, "Alice", "Hello.World", 7, ID, "Bob", "me too",
        CREATED, CREATED, 1, PUBLIC).toItem());
    m.put("PRComment", new Comment(TicketKind.PULL_REQUEST, "Alice", "Hello.World", 5, ID, "Bob", "LGTM",
        CREATED, CREATED, 1, PUBLIC).toItem());
    m.put("CountedComment (on an issue)",
        new CountedComment(TicketKind.ISSUE, "Alice", "Hello.World", 7, ID, CREATED).toItem());
    m.put("CountedComment (on a pull request)",
        new CountedComment(TicketKind.PULL_REQUEST, "Alice", "Hello.World", 5, ID, CREATED).toItem());
    m.put("Reaction (on an issue)",
        new Reaction(TicketKind.ISSUE, "Alice", "Hello.World", 7, "Bob", "+1", CREATED).toItem());
    m.put("Reaction (on a pull request)",
        new Reaction(TicketKind.PULL_REQUEST, "Alice", "Hello.World", 5, "Bob", "rocket", CREATED).toItem());
    m.put("Star", new Star("Bob", "Alice", "Hello.World", false, CREATED).toItem());
    m.put("IdempotencyRecord", new IdempotencyRecord("Alice", "3f1c-Retry_01", "POST /repos/{owner}/{repo}/issues",
        "n4bQgYhMfWWaL-qgxVrQFaO_TxsrC4Is0V1sFbDwCgg", "ISSUE#alice#hello.world#00000001",
        "ISSUE#alice#hello.world#00000001", CREATED, Instant.parse(CREATED).getEpochSecond() + 24 * 3600).toItem());
    return m;
  }

  /** A sample with one attribute replaced ({@code null} removes it). */
  public static Map<String, AttributeValue> with(String label, String attribute, AttributeValue value) {
    Map<String, AttributeValue> item = new HashMap<>(all().get(label));
    if (value == null) {
      item.remove(attribute);
    } else {
      item.put(attribute, value);
    }
    return item;
  }

  /**
   * Issues and pull requests go through {@code Ticket.fromItem(...).toItem()}: the record grows
   * optional components (close and merge times), and reading a minimal stored item keeps the
   * sample independent of the constructor's arity.
   */
  private static Map<String, AttributeValue> ticket(TicketKind kind, TicketState state, int number) {
    boolean pr = kind == TicketKind.PULL_REQUEST;
    Map<String, AttributeValue> stored = Items.builder(kind.type(), Keys.ticket(kind, "Alice", "Hello.World", number))
        .s("Owner", "Alice").s("Repo", "Hello.World").n("Number", number).s("Title", "Title " + number)
        .s("Body", "text").s(Ticket.STATE, state.value()).s("Author", "Bob")
        .s("Head", pr ? "feature" : null).s("Base", pr ? "main" : null)
        .n(Ticket.COMMENT_COUNT, 1).counts(Ticket.REACTIONS, Map.of("+1", 1L))
        .audit(CREATED, UPDATED).n(TableSchema.VERSION, 2)
        .bool("IsPrivate", false).s("OwnerType", "User")
        .build();
    return Ticket.fromItem(stored).toItem();
  }
}

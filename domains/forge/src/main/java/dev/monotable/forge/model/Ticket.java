package dev.monotable.forge.model;

import dev.monotable.forge.keys.TicketKind;
import dev.monotable.kit.items.Items;

import static dev.monotable.kit.schema.TableSchema.*;

import dev.monotable.forge.keys.Keys;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An issue or a pull request ({@link #kind}). {@code head} and {@code base} are null for issues.
 * GSI4SK encodes the state: open ones sort newest first, closed and merged ones oldest first.
 * {@code closedAt} is set while closed or merged, {@code mergedAt} once merged; both null otherwise.
 * {@code visibility} is the repository's, copied at creation (null on an item written before the
 * copy existed, until the backfill fills it).
 */
public record Ticket(TicketKind kind, String owner, String repo, int number, String title, String body,
    TicketState state, String author, String head, String base, long commentCount, Map<String, Long> reactions,
    String createdAt, String updatedAt, String closedAt, String mergedAt, long version, Visibility visibility) {

  public static final String TITLE = "Title";
  public static final String BODY = "Body";
  public static final String STATE = "State";
  public static final String COMMENT_COUNT = "CommentCount";
  public static final String REACTIONS = "Reactions";
  public static final String CLOSED_AT = "ClosedAt";
  public static final String MERGED_AT = "MergedAt";

  public Ticket {
    reactions = Map.copyOf(reactions);
  }

  /**
   * A new ticket: open, Version 1, no comments or reactions, created and updated {@code now}.
   *
   * @param head source branch of a pull request; null for issues
   * @param base target branch of a pull request; null for issues
   */
  public static Ticket open(TicketKind kind, Repository repository, int number, String author, String title,
      String body, String head, String base, String now) {
    return open(kind, repository.owner(), repository.name(), Visibility.of(repository), number, author, title, body,
        head, base, now);
  }

  /** {@link #open(TicketKind, Repository, int, String, String, String, String, String, String)} from the repository's display names and visibility. */
  public static Ticket open(TicketKind kind, String owner, String repo, Visibility visibility, int number,
      String author, String title, String body, String head, String base, String now) {
    return new Ticket(kind, owner, repo, number, title, body, TicketState.OPEN, author, head, base, 0, Map.of(), now,
        now, null, null, 1, visibility);
  }

  public Map<String, AttributeValue> toItem() {
    Items.Builder b = Items.builder(kind.type(), Keys.ticket(kind, owner, repo, number))
        .gsi(Gsi.GSI1, Keys.ticketGsi1(kind, owner, repo, number))
        .gsi(Gsi.GSI4, Keys.ticketGsi4(kind, owner, repo, number, state.isOpen()))
        .s("Owner", owner).s("Repo", repo).n("Number", number).s(TITLE, title).s(BODY, body)
        .s(STATE, state.value()).s("Author", author).s("Head", head).s("Base", base)
        .n(COMMENT_COUNT, commentCount).counts(REACTIONS, reactions)
        .s(CLOSED_AT, closedAt).s(MERGED_AT, mergedAt)
        .audit(createdAt, updatedAt).n(VERSION, version);
    if (visibility != null) {
      visibility.into(b);
    }
    return b.build();
  }

  public static Ticket fromItem(Map<String, AttributeValue> item) {
    String type = Items.type(item);
    TicketKind kind = TicketKind.PULL_REQUEST.type().equals(type) ? TicketKind.PULL_REQUEST : TicketKind.ISSUE;
    Items.requireType(item, kind.type());
    return new Ticket(kind, Items.s(item, "Owner"), Items.s(item, "Repo"), (int) Items.n(item, "Number"),
        Items.s(item, TITLE), Items.s(item, BODY), TicketState.parse(kind, "state", Items.s(item, STATE)),
        Items.s(item, "Author"), Items.s(item, "Head"), Items.s(item, "Base"), Items.n(item, COMMENT_COUNT),
        Items.counts(item, REACTIONS), Items.s(item, CREATED_AT), Items.s(item, UPDATED_AT), Items.s(item, CLOSED_AT),
        Items.s(item, MERGED_AT), Items.n(item, VERSION), Visibility.fromItem(item));
  }
}

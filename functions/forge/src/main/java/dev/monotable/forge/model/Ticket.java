package dev.monotable.forge.model;

import dev.monotable.forge.keys.ForgeSegments;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.entity.Entity.KeyPart;
import dev.monotable.kit.entity.Entity.Variant;
import dev.monotable.kit.entity.Entity.When;
import dev.monotable.kit.items.Items;

import static dev.monotable.kit.schema.TableSchema.*;

import dev.monotable.forge.keys.Keys;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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

  /** Issues, declared once: the item, its keys and the entity chart come from it. */
  public static final Entity ISSUE = declare(TicketKind.ISSUE);
  /** Pull requests, declared once. */
  public static final Entity PULL_REQUEST = declare(TicketKind.PULL_REQUEST);

  /** The declaration of {@code kind}: its own {@code Type}, keys and (for pull requests) attributes. */
  public static Entity entity(TicketKind kind) {
    return kind == TicketKind.ISSUE ? ISSUE : PULL_REQUEST;
  }

  /**
   * Issues and pull requests share this record and their layout's shape; each has its own
   * templates, a pull request also its branches and merge. GSI4SK follows the state: one variant
   * per state, open ones by reverse number (newest first), the others by number.
   */
  private static Entity declare(TicketKind kind) {
    boolean pr = kind == TicketKind.PULL_REQUEST;
    KeyPart self = KeyPart.of(pr ? Keys.PULL_REQUEST : Keys.ISSUE).from("n8", "number", ForgeSegments.N8);
    KeyPart ofRepo = KeyPart.of(pr ? Keys.PULL_REQUESTS_OF_REPO : Keys.REPO);
    List<Attr> attributes = new ArrayList<>(List.of(
        Attr.segment("Owner", "owner", ForgeSegments.ACCOUNT, "repository owner (display form)")
            .keyed(ForgeSegments.accountKey("owner")),
        Attr.segment("Repo", "repo", ForgeSegments.REPO, "repository name (display form)")
            .keyed(ForgeSegments.repoKey("repo")),
        Attr.number("Number", "number", "number from the repository's Counter"),
        Attr.string(TITLE, "title", "title").changes(Attr.Change.VERSIONED),
        Attr.string(BODY, "body", "text").optional().changes(Attr.Change.VERSIONED),
        Attr.string(STATE, "state", pr ? "open, closed or merged (final); GSI4SK follows it"
            : "open or closed; GSI4SK follows it").changes(Attr.Change.VERSIONED),
        Attr.string("Author", "author", "author (display form)")));
    if (pr) {
      attributes.add(Attr.string("Head", "head", "source branch"));
      attributes.add(Attr.string("Base", "base", "target branch"));
    }
    attributes.add(Attr.number(COMMENT_COUNT, "commentCount",
        "comments, counted by a stream handler exactly once per record").changes(Attr.Change.ATOMIC));
    attributes.add(new Attr(REACTIONS, "reactions", Attr.Kind.M, true, Attr.Change.ATOMIC, null,
        "count per reaction type, ADD in the reaction transactions"));
    attributes.add(Attr.string(CLOSED_AT, "closedAt", "when closed or merged").optional()
        .changes(Attr.Change.VERSIONED));
    if (pr) {
      attributes.add(Attr.string(MERGED_AT, "mergedAt", "when merged").optional().changes(Attr.Change.VERSIONED));
    }
    attributes.add(Visibility.IS_PRIVATE_COPY);
    attributes.add(Visibility.OWNER_TYPE_COPY);
    return Entity.of(kind.type(), self, self)
        .index(Gsi.GSI1, ofRepo,
            KeyPart.of(pr ? Keys.PULL_REQUEST_NUMBER : Keys.ISSUE_NUMBER).from("n8", "number", ForgeSegments.N8))
        .attributes(attributes.toArray(Attr[]::new))
        .versioned()
        .variants(
            Variant.of("open", When.oneOf("state", TicketState.OPEN.value()))
                .index(Gsi.GSI4, ofRepo, KeyPart.of(pr ? Keys.PULL_REQUEST_OPEN : Keys.ISSUE_OPEN)
                    .from("rev8", "number", ForgeSegments.REV8)),
            Variant.of(pr ? "closed or merged" : "closed", pr
                    ? When.oneOf("state", TicketState.CLOSED.value(), TicketState.MERGED.value())
                    : When.oneOf("state", TicketState.CLOSED.value()))
                .index(Gsi.GSI4, ofRepo, KeyPart.of(pr ? Keys.PULL_REQUEST_CLOSED : Keys.ISSUE_CLOSED)
                    .from("n8", "number", ForgeSegments.N8)))
        .requiredByChartOnly()
        .build();
  }

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
    Map<String, AttributeValue> counts = new LinkedHashMap<>();
    reactions.forEach((type, n) -> counts.put(type, AttributeValue.fromN(Long.toString(n))));
    return entity(kind).toItem(Visibility.copy(Entity.fields("owner", owner, "repo", repo, "number", number,
        "title", title, "body", body, "state", state.value(), "author", author, "head", head, "base", base,
        "commentCount", commentCount, "reactions", AttributeValue.fromM(counts), "closedAt", closedAt,
        "mergedAt", mergedAt, "createdAt", createdAt, "updatedAt", updatedAt, "version", version), visibility));
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

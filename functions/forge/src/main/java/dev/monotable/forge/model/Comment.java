package dev.monotable.forge.model;

import static dev.monotable.kit.schema.TableSchema.*;

import dev.monotable.forge.keys.ForgeSegments;
import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.entity.Entity.KeyPart;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.keys.Segments;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A comment on an issue or pull request, in the repository's item collection, ordered by ULID;
 * {@code visibility} is the repository's, copied at creation (null until backfilled on older items).
 */
public record Comment(TicketKind kind, String owner, String repo, int number, String id, String author, String body,
    String createdAt, String updatedAt, long version, Visibility visibility) {

  /** The comments on issues ({@code IssueComment}), declared once: item, keys and chart come from it. */
  public static final Entity ON_ISSUE = declare(TicketKind.ISSUE);
  /** The comments on pull requests ({@code PRComment}). */
  public static final Entity ON_PULL_REQUEST = declare(TicketKind.PULL_REQUEST);

  /** The declaration of the comments on {@code kind}: a {@code Type} and a sort key each. */
  public static Entity entity(TicketKind kind) {
    return kind == TicketKind.ISSUE ? ON_ISSUE : ON_PULL_REQUEST;
  }

  private static Entity declare(TicketKind kind) {
    return Entity.of(kind.commentType(), KeyPart.of(Keys.REPO),
            KeyPart.of(kind == TicketKind.ISSUE ? Keys.ISSUE_COMMENT : Keys.PULL_REQUEST_COMMENT)
                .from("n8", "number", ForgeSegments.N8))
        .attributes(
            Attr.segment("Owner", "owner", ForgeSegments.ACCOUNT, "repository owner (display form)")
                .keyed(ForgeSegments.accountKey("owner")),
            Attr.segment("Repo", "repo", ForgeSegments.REPO, "repository name (display form)")
                .keyed(ForgeSegments.repoKey("repo")),
            Attr.number("Number", "number", kind.noun() + " number"),
            Attr.segment("Id", "id", Segments.ULID, "ULID, orders comments by creation")
                .keyed(v -> Segments.ulid("id", (String) v)),
            Attr.string("Author", "author", "author (display form)"),
            Attr.string("Body", "body", "comment text").changes(Attr.Change.VERSIONED),
            Visibility.IS_PRIVATE_COPY,
            Visibility.OWNER_TYPE_COPY)
        .versioned()
        .requiredByChartOnly()
        .build();
  }

  public Map<String, AttributeValue> toItem() {
    return entity(kind).toItem(Visibility.copy(Entity.fields("owner", owner, "repo", repo, "number", number,
        "id", id, "author", author, "body", body, "createdAt", createdAt, "updatedAt", updatedAt,
        "version", version), visibility));
  }

  public static Comment fromItem(Map<String, AttributeValue> item) {
    String type = Items.type(item);
    TicketKind kind = TicketKind.PULL_REQUEST.commentType().equals(type) ? TicketKind.PULL_REQUEST : TicketKind.ISSUE;
    Items.requireType(item, kind.commentType());
    return new Comment(kind, Items.s(item, "Owner"), Items.s(item, "Repo"), (int) Items.n(item, "Number"),
        Items.s(item, "Id"), Items.s(item, "Author"), Items.s(item, "Body"), Items.s(item, CREATED_AT),
        Items.s(item, UPDATED_AT), Items.n(item, VERSION), Visibility.fromItem(item));
  }
}

package dev.monotable.forge.model;

import dev.monotable.forge.keys.TicketKind;
import dev.monotable.kit.items.Items;

import static dev.monotable.kit.schema.TableSchema.*;

import dev.monotable.forge.keys.Keys;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A comment on an issue or pull request, in the repository's item collection, ordered by ULID;
 * {@code visibility} is the repository's, copied at creation (null until backfilled on older items).
 */
public record Comment(TicketKind kind, String owner, String repo, int number, String id, String author, String body,
    String createdAt, String updatedAt, long version, Visibility visibility) {

  public Map<String, AttributeValue> toItem() {
    Items.Builder b = Items.builder(kind.commentType(), Keys.comment(kind, owner, repo, number, id))
        .s("Owner", owner).s("Repo", repo).n("Number", number).s("Id", id).s("Author", author).s("Body", body)
        .audit(createdAt, updatedAt).n(VERSION, version);
    if (visibility != null) {
      visibility.into(b);
    }
    return b.build();
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

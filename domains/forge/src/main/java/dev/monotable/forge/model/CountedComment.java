package dev.monotable.forge.model;

import dev.monotable.forge.keys.TicketKind;
import dev.monotable.kit.items.Items;

import static dev.monotable.kit.schema.TableSchema.*;

import dev.monotable.forge.keys.Keys;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Receipt that one comment is included in its issue's or pull request's {@code CommentCount}:
 * stream handler ST3 puts it (attribute_not_exists) in the same transaction that adds 1, and
 * deletes it (attribute_exists) in the one that subtracts 1, so a redelivered record fails its
 * condition instead of counting twice. It lives in the ticket's own partition, which no Query
 * reads.
 */
public record CountedComment(TicketKind kind, String owner, String repo, int number, String commentId,
    String createdAt) {

  public static final String TYPE = "CountedComment";

  public Map<String, AttributeValue> toItem() {
    return Items.builder(TYPE, Keys.countedComment(kind, owner, repo, number, commentId))
        .s("Target", kind.type()).s("Owner", owner).s("Repo", repo).n("Number", number).s("Id", commentId)
        .audit(createdAt, createdAt)
        .build();
  }

  public static CountedComment fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    TicketKind kind = TicketKind.PULL_REQUEST.type().equals(Items.s(item, "Target"))
        ? TicketKind.PULL_REQUEST : TicketKind.ISSUE;
    return new CountedComment(kind, Items.s(item, "Owner"), Items.s(item, "Repo"), (int) Items.n(item, "Number"),
        Items.s(item, "Id"), Items.s(item, CREATED_AT));
  }
}

package dev.monotable.forge.model;

import dev.monotable.forge.keys.ForgeSegments;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.entity.Entity.KeyPart;
import dev.monotable.kit.entity.Entity.Variant;
import dev.monotable.kit.entity.Entity.When;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.keys.Segments;

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

  /**
   * The layout, declared once: the item, its keys and the entity chart come from it. A receipt
   * lives in its target's partition, so the table key is the issue's or the pull request's.
   */
  public static final Entity ENTITY = Entity.of(TYPE,
          KeyPart.of(Keys.ISSUE).from("n8", "number", ForgeSegments.N8), KeyPart.of(Keys.COUNTED_COMMENT))
      .attributes(
          Attr.string("Target", "target", "Issue or PullRequest"),
          Attr.segment("Owner", "owner", ForgeSegments.ACCOUNT, "repository owner (display form)")
              .keyed(ForgeSegments.accountKey("owner")),
          Attr.segment("Repo", "repo", ForgeSegments.REPO, "repository name (display form)")
              .keyed(ForgeSegments.repoKey("repo")),
          Attr.number("Number", "number", "target number"),
          Attr.segment("Id", "id", Segments.ULID, "the counted comment's ULID").keyed(v -> Segments.ulid("id", (String) v)))
      .variants(
          Variant.of("on an issue", When.oneOf("target", TicketKind.ISSUE.type())),
          Variant.of("on a pull request", When.oneOf("target", TicketKind.PULL_REQUEST.type()))
              .table(KeyPart.of(Keys.PULL_REQUEST).from("n8", "number", ForgeSegments.N8),
                  KeyPart.of(Keys.COUNTED_COMMENT)))
      .requiredByChartOnly()
      .build();

  public Map<String, AttributeValue> toItem() {
    return ENTITY.toItem(Entity.fields("target", kind.type(), "owner", owner, "repo", repo, "number", number,
        "id", commentId, "createdAt", createdAt));
  }

  public static CountedComment fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    TicketKind kind = TicketKind.PULL_REQUEST.type().equals(Items.s(item, "Target"))
        ? TicketKind.PULL_REQUEST : TicketKind.ISSUE;
    return new CountedComment(kind, Items.s(item, "Owner"), Items.s(item, "Repo"), (int) Items.n(item, "Number"),
        Items.s(item, "Id"), Items.s(item, CREATED_AT));
  }
}

package dev.monotable.forge.model;

import dev.monotable.forge.keys.ForgeSegments;
import dev.monotable.forge.keys.ReactionTypes;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.entity.Entity.KeyPart;
import dev.monotable.kit.entity.Entity.Variant;
import dev.monotable.kit.entity.Entity.When;
import dev.monotable.kit.items.Items;

import static dev.monotable.kit.schema.TableSchema.*;

import dev.monotable.forge.keys.Keys;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** One user's reaction of one type on one issue or pull request; its key makes it unique. */
public record Reaction(TicketKind kind, String owner, String repo, int number, String username, String type,
    String createdAt) {

  public static final String TYPE = "Reaction";

  /** The layout, declared once: the item, its keys and the entity chart come from it. */
  public static final Entity ENTITY = Entity.of(TYPE,
          KeyPart.of(Keys.ISSUE_REACTION_PK).from("n8", "number", ForgeSegments.N8), KeyPart.of(Keys.REACTION_SK))
      .attributes(
          Attr.string("Target", "target", "Issue or PullRequest"),
          Attr.segment("Owner", "owner", ForgeSegments.ACCOUNT, "repository owner (display form)")
              .keyed(ForgeSegments.accountKey("owner")),
          Attr.segment("Repo", "repo", ForgeSegments.REPO, "repository name (display form)")
              .keyed(ForgeSegments.repoKey("repo")),
          Attr.number("Number", "number", "target number"),
          Attr.segment("Username", "username", ForgeSegments.ACCOUNT, "who reacted (display form)")
              .keyed(ForgeSegments.accountKey("username")),
          Attr.string("Reaction", "type", "+1 -1 laugh hooray confused heart rocket eyes")
              .keyed(v -> ReactionTypes.check((String) v)))
      .variants(
          Variant.of("on an issue", When.oneOf("target", TicketKind.ISSUE.type())),
          Variant.of("on a pull request", When.oneOf("target", TicketKind.PULL_REQUEST.type()))
              .table(KeyPart.of(Keys.PULL_REQUEST_REACTION_PK).from("n8", "number", ForgeSegments.N8),
                  KeyPart.of(Keys.REACTION_SK)))
      .requiredByChartOnly()
      .build();

  public Map<String, AttributeValue> toItem() {
    return ENTITY.toItem(Entity.fields("target", kind.type(), "owner", owner, "repo", repo, "number", number,
        "username", username, "type", type, "createdAt", createdAt));
  }

  public static Reaction fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    TicketKind kind = TicketKind.PULL_REQUEST.type().equals(Items.s(item, "Target"))
        ? TicketKind.PULL_REQUEST : TicketKind.ISSUE;
    return new Reaction(kind, Items.s(item, "Owner"), Items.s(item, "Repo"), (int) Items.n(item, "Number"),
        Items.s(item, "Username"), Items.s(item, "Reaction"), Items.s(item, CREATED_AT));
  }
}

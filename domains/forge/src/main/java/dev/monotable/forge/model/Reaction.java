package dev.monotable.forge.model;

import dev.monotable.forge.keys.TicketKind;
import dev.monotable.kit.items.Items;

import static dev.monotable.kit.schema.TableSchema.*;

import dev.monotable.forge.keys.Keys;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** One user's reaction of one type on one issue or pull request; its key makes it unique. */
public record Reaction(TicketKind kind, String owner, String repo, int number, String username, String type,
    String createdAt) {

  public static final String TYPE = "Reaction";

  public Map<String, AttributeValue> toItem() {
    return Items.builder(TYPE, Keys.reaction(kind, owner, repo, number, username, type))
        .s("Target", kind.type()).s("Owner", owner).s("Repo", repo).n("Number", number)
        .s("Username", username).s("Reaction", type)
        .audit(createdAt, createdAt)
        .build();
  }

  public static Reaction fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    TicketKind kind = TicketKind.PULL_REQUEST.type().equals(Items.s(item, "Target"))
        ? TicketKind.PULL_REQUEST : TicketKind.ISSUE;
    return new Reaction(kind, Items.s(item, "Owner"), Items.s(item, "Repo"), (int) Items.n(item, "Number"),
        Items.s(item, "Username"), Items.s(item, "Reaction"), Items.s(item, CREATED_AT));
  }
}

package dev.monotable.forge.model;

import dev.monotable.kit.items.Items;

import static dev.monotable.kit.schema.TableSchema.*;

import dev.monotable.forge.keys.Keys;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One entry of an account's activity feed, written by a stream handler and expired by TTL after
 * 90 days. {@code event} names what happened ({@code IssueOpened}, {@code Starred}...).
 */
public record Activity(String account, String id, String event, String actor, String owner, String repo,
    Integer number, String summary, String createdAt, long expiresAt) {

  public static final String TYPE = "Activity";

  public Map<String, AttributeValue> toItem() {
    Items.Builder b = Items.builder(TYPE, Keys.activity(account, createdAt, id))
        .s("Account", account).s("Id", id).s("Event", event).s("Actor", actor).s("Owner", owner).s("Repo", repo)
        .s("Summary", summary);
    if (number != null) {
      b.n("Number", number);
    }
    return b.n(TTL, expiresAt).audit(createdAt, createdAt).build();
  }

  public static Activity fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    Integer number = item.containsKey("Number") ? (int) Items.n(item, "Number") : null;
    return new Activity(Items.s(item, "Account"), Items.s(item, "Id"), Items.s(item, "Event"), Items.s(item, "Actor"),
        Items.s(item, "Owner"), Items.s(item, "Repo"), number, Items.s(item, "Summary"), Items.s(item, CREATED_AT),
        Items.n(item, TTL));
  }
}

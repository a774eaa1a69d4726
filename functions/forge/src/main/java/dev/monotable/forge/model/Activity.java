package dev.monotable.forge.model;

import static dev.monotable.kit.schema.TableSchema.*;

import dev.monotable.forge.keys.ForgeSegments;
import dev.monotable.forge.keys.Keys;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.entity.Entity.KeyPart;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.keys.Segments;
import dev.monotable.kit.keys.Timestamps;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One entry of an account's activity feed, written by a stream handler and expired by TTL after
 * 90 days. {@code event} names what happened ({@code IssueOpened}, {@code Starred}...).
 */
public record Activity(String account, String id, String event, String actor, String owner, String repo,
    Integer number, String summary, String createdAt, long expiresAt) {

  public static final String TYPE = "Activity";

  /** The layout, declared once: the item, its keys and the entity chart come from it. */
  public static final Entity ENTITY = Entity.of(TYPE,
          // docs/forge/entity-chart.md names the feed's account {owner}; the name is kept so the docs stay as they are.
          KeyPart.of(Keys.ACCOUNT).from("account", "account").shownAs("account", "owner"),
          KeyPart.of(Keys.ACTIVITY).from("ts", "createdAt", v -> Timestamps.segment((String) v)))
      .attributes(
          Attr.segment("Account", "account", ForgeSegments.ACCOUNT, "feed owner (display form)")
              .keyed(ForgeSegments.accountKey("owner")),
          Attr.segment("Id", "id", Segments.ULID, "ULID of the entry").keyed(v -> Segments.ulid("id", (String) v)),
          Attr.string("Event", "event", "what happened, for example IssueOpened or Starred"),
          Attr.string("Actor", "actor", "who did it").optional(),
          Attr.string("Owner", "owner", "repository owner, when about a repository").optional(),
          Attr.string("Repo", "repo", "repository name, when about a repository").optional(),
          Attr.number("Number", "number", "issue or pull request number, when about one").optional(),
          Attr.string("Summary", "summary", "one-line description").optional())
      .expires()
      .requiredByChartOnly()
      .build();

  public Map<String, AttributeValue> toItem() {
    return ENTITY.toItem(Entity.fields("account", account, "id", id, "event", event, "actor", actor,
        "owner", owner, "repo", repo, "number", number, "summary", summary, "ttl", expiresAt,
        "createdAt", createdAt));
  }

  public static Activity fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    Integer number = item.containsKey("Number") ? (int) Items.n(item, "Number") : null;
    return new Activity(Items.s(item, "Account"), Items.s(item, "Id"), Items.s(item, "Event"), Items.s(item, "Actor"),
        Items.s(item, "Owner"), Items.s(item, "Repo"), number, Items.s(item, "Summary"), Items.s(item, CREATED_AT),
        Items.n(item, TTL));
  }
}

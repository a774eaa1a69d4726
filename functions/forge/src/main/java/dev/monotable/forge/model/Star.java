package dev.monotable.forge.model;

import dev.monotable.forge.keys.ForgeSegments;
import dev.monotable.forge.keys.Keys;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.entity.Entity.KeyPart;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A user's star on a repository: adjacency list item, the user's stars on the main table and the
 * repository's stargazers on GSI1. {@code repoIsPrivate} is copied so other people's star lists
 * can hide private repositories without reading them.
 */
public record Star(String username, String owner, String repo, boolean repoIsPrivate, String starredAt) {

  public static final String TYPE = "Star";

  /** The layout, declared once: the item, its keys and the entity chart come from it. */
  public static final Entity ENTITY = Entity.of(TYPE,
          KeyPart.of(Keys.ACCOUNT).from("account", "username"), KeyPart.of(Keys.STAR))
      .index(Gsi.GSI1, KeyPart.of(Keys.REPO),
          KeyPart.of(Keys.STARGAZER).from("ts", "starredAt", v -> Timestamps.segment((String) v)))
      .attributes(
          Attr.segment("Username", "username", ForgeSegments.ACCOUNT, "who starred (display form)")
              .keyed(ForgeSegments.accountKey("username")),
          Attr.segment("Owner", "owner", ForgeSegments.ACCOUNT, "repository owner (display form)")
              .keyed(ForgeSegments.accountKey("owner")),
          Attr.segment("Repo", "repo", ForgeSegments.REPO, "repository name (display form)")
              .keyed(ForgeSegments.repoKey("repo")),
          Attr.bool(Repository.IS_PRIVATE, "repoIsPrivate",
              "copied from the repository, so star lists hide private ones without reading them"),
          Attr.string("StarredAt", "starredAt", "when; also the time in GSI1SK"))
      .requiredByChartOnly()
      .build();

  public Map<String, AttributeValue> toItem() {
    return ENTITY.toItem(Entity.fields("username", username, "owner", owner, "repo", repo,
        "repoIsPrivate", repoIsPrivate, "starredAt", starredAt, "createdAt", starredAt));
  }

  public static Star fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    return new Star(Items.s(item, "Username"), Items.s(item, "Owner"), Items.s(item, "Repo"),
        Items.bool(item, Repository.IS_PRIVATE), Items.s(item, "StarredAt"));
  }
}

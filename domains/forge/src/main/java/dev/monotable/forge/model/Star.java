package dev.monotable.forge.model;

import dev.monotable.kit.items.Items;

import static dev.monotable.kit.schema.TableSchema.*;

import dev.monotable.forge.keys.Keys;
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

  public Map<String, AttributeValue> toItem() {
    return Items.builder(TYPE, Keys.star(username, owner, repo))
        .gsi(Gsi.GSI1, Keys.starGsi1(username, owner, repo, starredAt))
        .s("Username", username).s("Owner", owner).s("Repo", repo).bool(Repository.IS_PRIVATE, repoIsPrivate)
        .s("StarredAt", starredAt)
        .audit(starredAt, starredAt)
        .build();
  }

  public static Star fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    return new Star(Items.s(item, "Username"), Items.s(item, "Owner"), Items.s(item, "Repo"),
        Items.bool(item, Repository.IS_PRIVATE), Items.s(item, "StarredAt"));
  }
}

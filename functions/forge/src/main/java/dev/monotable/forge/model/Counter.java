package dev.monotable.forge.model;

import dev.monotable.forge.keys.ForgeSegments;
import dev.monotable.forge.keys.Keys;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The shared issue/pull-request number sequence of one repository. Created with the repository,
 * so an increment on a missing counter means the repository does not exist. It also stands in for
 * the repository at the edge of its pull-request lists (GSI1 {@code PR#o#r}/{@code REPO#o#r}, GSI4
 * {@code PR#o#r}/{@code #REPO#o#r}) and carries the repository's visibility, so one Query returns a
 * page of pull requests and the proof that the repository exists and who may see it.
 */
public record Counter(String owner, String repo, long lastNumber, Visibility visibility, String createdAt,
    String updatedAt) {

  public static final String TYPE = "Counter";
  public static final String LAST_NUMBER = "LastNumber";

  /** The layout, declared once: the item, its keys and the entity chart come from it. */
  public static final Entity ENTITY = Entity.of(TYPE, Keys.COUNTER, Keys.COUNTER_SK)
      .index(Gsi.GSI1, Keys.PULL_REQUESTS_OF_REPO, Keys.REPO)
      .index(Gsi.GSI4, Keys.PULL_REQUESTS_OF_REPO, Keys.REPO_META)
      .attributes(
          Attr.segment("Owner", "owner", ForgeSegments.ACCOUNT, "repository owner (display form)")
              .keyed(ForgeSegments.accountKey("owner")),
          Attr.segment("Repo", "repo", ForgeSegments.REPO, "repository name (display form)")
              .keyed(ForgeSegments.repoKey("repo")),
          Attr.number(LAST_NUMBER, "lastNumber", "last number handed out (ADD 1, UPDATED_NEW)")
              .changes(Attr.Change.ATOMIC),
          Visibility.IS_PRIVATE_COPY,
          Visibility.OWNER_TYPE_COPY)
      .requiredByChartOnly()
      .build();

  public static Counter of(Repository repository, String now) {
    return new Counter(repository.owner(), repository.name(), 0, Visibility.of(repository), now, now);
  }

  public Map<String, AttributeValue> toItem() {
    return ENTITY.toItem(Visibility.copy(Entity.fields("owner", owner, "repo", repo, "lastNumber", lastNumber,
        "createdAt", createdAt, "updatedAt", updatedAt), visibility));
  }

  public static Counter fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    return new Counter(Items.s(item, "Owner"), Items.s(item, "Repo"), Items.n(item, LAST_NUMBER),
        Visibility.fromItem(item), Items.s(item, TableSchema.CREATED_AT), Items.s(item, TableSchema.UPDATED_AT));
  }
}

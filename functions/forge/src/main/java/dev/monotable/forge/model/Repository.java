package dev.monotable.forge.model;

import dev.monotable.forge.keys.ForgeSegments;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.entity.Entity.KeyPart;
import dev.monotable.kit.entity.Entity.Variant;
import dev.monotable.kit.entity.Entity.When;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.keys.Timestamps;

import static dev.monotable.kit.schema.TableSchema.*;

import dev.monotable.forge.keys.Keys;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A repository. A fork is a repository owned by the forking account whose GSI2 key files it under
 * the original. {@code ownerIsOrg} tells visibility checks whether org membership matters.
 */
public record Repository(String owner, String name, String description, boolean isPrivate, boolean ownerIsOrg,
    RepoRef forkOf, long starCount, long forkCount, String createdAt, String updatedAt, long version) {

  public static final String TYPE = "Repository";
  public static final String STAR_COUNT = "StarCount";
  public static final String FORK_COUNT = "ForkCount";
  public static final String IS_PRIVATE = "IsPrivate";
  public static final String OWNER_TYPE = "OwnerType";

  /**
   * The layout, declared once: the item, its keys and the entity chart come from it. A fork is
   * listed under the original on GSI2 ({@code ForkOf} names it); any other repository is its own
   * GSI2 entry.
   */
  public static final Entity ENTITY = Entity.of(TYPE, Keys.REPO, Keys.REPO)
      .index(Gsi.GSI1, Keys.REPO, Keys.REPO)
      .index(Gsi.GSI3, KeyPart.of(Keys.ACCOUNT).from("account", "owner"),
          KeyPart.of(Keys.REPO_UPDATED).from("ts", "updatedAt", v -> Timestamps.segment((String) v))
              .shownAs("ts", "ts of last update"))
      .index(Gsi.GSI4, Keys.REPO, Keys.REPO_META)
      .attributes(
          Attr.segment("Owner", "owner", ForgeSegments.ACCOUNT, "owner (display form)")
              .keyed(ForgeSegments.accountKey("owner")),
          Attr.segment("Name", "repo", ForgeSegments.REPO, "repository name (display form)")
              .keyed(ForgeSegments.repoKey("repo")),
          Attr.string("Description", "description", "description").optional(),
          Attr.bool(IS_PRIVATE, "isPrivate", "private repositories answer 404 to non-members"),
          Attr.string(OWNER_TYPE, "ownerType", "User or Organization: whether org membership grants visibility"),
          Attr.number(STAR_COUNT, "starCount", "stars, maintained in the star/unstar transactions")
              .changes(Attr.Change.ATOMIC),
          Attr.number(FORK_COUNT, "forkCount", "forks, maintained in the fork transaction")
              .changes(Attr.Change.ATOMIC))
      .versioned()
      .variants(
          Variant.of("not a fork", When.absent("forkOf")).index(Gsi.GSI2, Keys.REPO, Keys.REPO),
          Variant.of("a fork", When.present("forkOf"))
              .index(Gsi.GSI2,
                  KeyPart.of(Keys.REPO)
                      .derived("owner", v -> ForgeSegments.account("owner", original(v, true)))
                      .derived("repo", v -> ForgeSegments.repo("repo", original(v, false)))
                      .shownAs("owner", "originalOwner").shownAs("repo", "originalRepo"),
                  KeyPart.of(Keys.FORK))
              .attributes(Attr.string("ForkOf", "forkOf", "originalOwner/originalRepo (display form)")))
      .requiredByChartOnly()
      .build();

  /** The original's owner or name, from {@code ForkOf}'s {@code owner/name}. */
  private static String original(Map<String, ?> values, boolean owner) {
    String forkOf = (String) values.get("forkOf");
    int slash = forkOf.indexOf('/');
    return owner ? forkOf.substring(0, slash) : forkOf.substring(slash + 1);
  }

  public RepoRef ref() {
    return new RepoRef(owner, name);
  }

  public Map<String, AttributeValue> toItem() {
    return ENTITY.toItem(Entity.fields("owner", owner, "repo", name, "description", description,
        "isPrivate", isPrivate, "ownerType", ownerIsOrg ? Organization.TYPE : User.TYPE, "starCount", starCount,
        "forkCount", forkCount, "forkOf", forkOf == null ? null : forkOf.toString(),
        "createdAt", createdAt, "updatedAt", updatedAt, "version", version));
  }

  public static Repository fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    String forkOf = Items.s(item, "ForkOf");
    RepoRef ref = null;
    if (forkOf != null) {
      int slash = forkOf.indexOf('/');
      ref = new RepoRef(forkOf.substring(0, slash), forkOf.substring(slash + 1));
    }
    return new Repository(Items.s(item, "Owner"), Items.s(item, "Name"), Items.s(item, "Description"),
        Items.bool(item, IS_PRIVATE), Organization.TYPE.equals(Items.s(item, OWNER_TYPE)), ref,
        Items.n(item, STAR_COUNT), Items.n(item, FORK_COUNT), Items.s(item, CREATED_AT), Items.s(item, UPDATED_AT),
        Items.n(item, VERSION));
  }
}

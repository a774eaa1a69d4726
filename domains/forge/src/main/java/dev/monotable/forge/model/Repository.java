package dev.monotable.forge.model;

import dev.monotable.kit.items.Items;

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

  public RepoRef ref() {
    return new RepoRef(owner, name);
  }

  public Map<String, AttributeValue> toItem() {
    Items.Builder b = Items.builder(TYPE, Keys.repository(owner, name))
        .gsi(Gsi.GSI1, Keys.repository(owner, name))
        .gsi(Gsi.GSI2, forkOf == null ? Keys.repository(owner, name)
            : Keys.forkGsi2(forkOf.owner(), forkOf.name(), owner))
        .gsi(Gsi.GSI3, Keys.repoUpdatedGsi3(owner, updatedAt))
        .gsi(Gsi.GSI4, Keys.repoGsi4(owner, name))
        .s("Owner", owner).s("Name", name).s("Description", description)
        .bool(IS_PRIVATE, isPrivate).s(OWNER_TYPE, ownerIsOrg ? Organization.TYPE : User.TYPE)
        .n(STAR_COUNT, starCount).n(FORK_COUNT, forkCount);
    if (forkOf != null) {
      b.s("ForkOf", forkOf.toString());
    }
    return b.audit(createdAt, updatedAt).n(VERSION, version).build();
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

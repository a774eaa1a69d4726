package dev.monotable.forge.model;

import dev.monotable.kit.entity.Attr;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The repository's visibility as copied onto the items under it (Issue, PullRequest, comments,
 * Counter), under the Repository's own attribute names {@code IsPrivate} and {@code OwnerType}.
 * A repository's visibility never changes after creation (no route changes it), so the copy never
 * goes stale; reads and conditional writes decide visibility from the item they touch anyway,
 * without reading the repository (docs/forge/relationship-decisions.md).
 *
 * @param isPrivate the repository is private
 * @param ownerIsOrg the owner is an organization, whose members may see a private repository
 */
public record Visibility(boolean isPrivate, boolean ownerIsOrg) {
  public static final String IS_PRIVATE = Repository.IS_PRIVATE;
  public static final String OWNER_TYPE = Repository.OWNER_TYPE;

  public static Visibility of(Repository repository) {
    return new Visibility(repository.isPrivate(), repository.ownerIsOrg());
  }

  /**
   * {@code IsPrivate} as the entities that copy it declare it: required of every item once the
   * backfill has run; a write that copies from an item written before the copy existed has none to
   * write (those entities check required attributes by their chart only).
   */
  public static final Attr IS_PRIVATE_COPY = Attr.bool(IS_PRIVATE, "isPrivate",
      "copied from the repository at creation: visibility without reading the repository");
  /** {@code OwnerType} as the entities that copy it declare it, as {@link #IS_PRIVATE_COPY}. */
  public static final Attr OWNER_TYPE_COPY = Attr.string(OWNER_TYPE, "ownerType",
      "copied from the repository: whether org membership grants visibility");

  /** The copy's values for an entity's {@code toItem}; none when {@code visibility} is null. */
  public static Map<String, Object> copy(Map<String, Object> values, Visibility visibility) {
    if (visibility != null) {
      values.put(IS_PRIVATE_COPY.field(), visibility.isPrivate());
      values.put(OWNER_TYPE_COPY.field(), visibility.ownerIsOrg() ? Organization.TYPE : User.TYPE);
    }
    return values;
  }

  /** The copy on an item, or null when the item has none yet (written before the copy, awaiting the backfill). */
  public static Visibility fromItem(Map<String, AttributeValue> item) {
    AttributeValue p = item.get(IS_PRIVATE);
    AttributeValue t = item.get(OWNER_TYPE);
    if (p == null || p.bool() == null || t == null || t.s() == null) {
      return null;
    }
    return new Visibility(p.bool(), Organization.TYPE.equals(t.s()));
  }
}

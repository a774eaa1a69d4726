package dev.monotable.kit.catalog;

import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.keys.Key;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * "Member of {group} with role in owner, admin", read from the table: the caller is a member when
 * the item of {@code entity} keyed by the group (a path parameter) and the caller exists and, when
 * roles are named, its {@code role} attribute holds one of them. Declared on a read
 * ({@link DeclaredPattern#forMembers}: the membership item fetched in the read's own request) or a
 * write ({@link Writes#forMembers}: a ConditionCheck of it in the write's own transaction), never
 * a second request with a window in between; a route serving such a pattern has
 * {@link Access.Kind#MEMBER} access (401 without a caller, 403 for a caller who is no such member).
 *
 * @param entity the membership item's entity (its key holds {@code group} and {@code member})
 * @param group the key field filled from the route's path parameter of that name ({@code org})
 * @param member the key field filled from the caller's username ({@code username})
 * @param role the attribute holding the member's role; null when any member is admitted
 * @param roles the roles admitted; empty for any member
 */
public record Membership(Entity entity, String group, String member, Attr role, List<String> roles) {

  /** The value a {@link Write} part fills {@link #member} from: the caller's username. */
  public static final String CALLER = "caller";

  public Membership {
    Objects.requireNonNull(entity, "entity");
    roles = List.copyOf(roles);
    List<String> keyFields = new java.util.ArrayList<>(entity.table().pk().names());
    keyFields.addAll(entity.table().sk().names());
    if (!keyFields.contains(group) || !keyFields.contains(member) || keyFields.size() != 2) {
      throw new IllegalArgumentException(entity.type() + "'s key must be filled by {" + group + "} and {" + member
          + "} alone, not " + keyFields);
    }
    if ((role == null) != roles.isEmpty()) {
      throw new IllegalArgumentException("a role attribute names its roles, and only then");
    }
    if (role != null && (entity.attr(role.field()) == null || role.kind() != Attr.Kind.S)) {
      throw new IllegalArgumentException(entity.type() + " has no string attribute " + role.name());
    }
  }

  /** Any member of the group the path parameter {@code group} names. */
  public static Membership of(Entity entity, String group, String member) {
    return new Membership(entity, group, member, null, List.of());
  }

  /** The same membership, admitting only members whose {@code role} is one of {@code roles}. */
  public Membership withRole(Attr role, String... roles) {
    if (roles.length == 0) {
      throw new IllegalArgumentException("name at least one role");
    }
    return new Membership(entity, group, member, role, List.of(roles));
  }

  /** The membership item's key of {@code caller} in the group {@code groupValue} (each held to its rule). */
  public Key key(String groupValue, String caller) {
    return entity.key(Map.of(group, groupValue, member, caller));
  }

  /** True when {@code item} (the membership item read, null when absent) admits its member. */
  public boolean admits(Map<String, AttributeValue> item) {
    if (item == null || item.isEmpty()) {
      return false;
    }
    if (role == null) {
      return true;
    }
    AttributeValue held = item.get(role.name());
    return held != null && held.s() != null && roles.contains(held.s());
  }

  /** As the docs print it: {@code member of {org} with Role in owner, admin}. */
  public String render() {
    return "member of {" + group + "}" + (role == null ? "" : " with " + role.name() + " in " + String.join(", ",
        roles));
  }

  /** The 403's message. */
  public String refusal() {
    return "only members of the " + group + (role == null ? "" : " whose " + role.field() + " is "
        + String.join(" or ", roles)) + " may do this";
  }
}

package dev.monotable.forge.tools;

import dev.monotable.forge.model.AccountEmail;
import dev.monotable.forge.model.Activity;
import dev.monotable.forge.model.Comment;
import dev.monotable.forge.model.Counter;
import dev.monotable.forge.model.CountedComment;
import dev.monotable.kit.data.IdempotencyRecord;
import dev.monotable.forge.model.Invitation;
import dev.monotable.kit.items.Items;
import dev.monotable.forge.model.Membership;
import dev.monotable.forge.model.Organization;
import dev.monotable.forge.model.Reaction;
import dev.monotable.forge.model.Repository;
import dev.monotable.forge.model.Star;
import dev.monotable.forge.model.Ticket;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.forge.model.User;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Each entity {@code Type} to its model record's round trip {@code fromItem} then {@code toItem}:
 * the item as the current code would write it, every key and index attribute recomputed from
 * today's {@code Keys} templates and {@code SchemaVersion} set to {@link Items#SCHEMA_VERSION}.
 * Attributes the record does not know are dropped. A new entity needs a line here;
 * ModelMapperTest fails until it has one.
 */
public final class ModelMapper {
  private static final Map<String, UnaryOperator<Map<String, AttributeValue>>> BY_TYPE = build();

  private ModelMapper() {}

  private static Map<String, UnaryOperator<Map<String, AttributeValue>>> build() {
    Map<String, UnaryOperator<Map<String, AttributeValue>>> m = new LinkedHashMap<>();
    m.put(User.TYPE, i -> User.fromItem(i).toItem());
    m.put(AccountEmail.TYPE, i -> AccountEmail.fromItem(i).toItem());
    m.put(Organization.TYPE, i -> Organization.fromItem(i).toItem());
    m.put(Membership.TYPE, i -> Membership.fromItem(i).toItem());
    m.put(Invitation.TYPE, i -> Invitation.fromItem(i).toItem());
    m.put(IdempotencyRecord.TYPE, i -> IdempotencyRecord.fromItem(i).toItem());
    m.put(Activity.TYPE, i -> Activity.fromItem(i).toItem());
    m.put(Repository.TYPE, i -> Repository.fromItem(i).toItem());
    m.put(Counter.TYPE, i -> Counter.fromItem(i).toItem());
    for (TicketKind kind : TicketKind.values()) {
      m.put(kind.type(), i -> Ticket.fromItem(i).toItem());
      m.put(kind.commentType(), i -> Comment.fromItem(i).toItem());
    }
    m.put(CountedComment.TYPE, i -> CountedComment.fromItem(i).toItem());
    m.put(Reaction.TYPE, i -> Reaction.fromItem(i).toItem());
    m.put(Star.TYPE, i -> Star.fromItem(i).toItem());
    return Map.copyOf(m);
  }

  /** Types with a mapping. */
  public static Set<String> types() {
    return BY_TYPE.keySet();
  }

  /**
   * The item rewritten by its model record, or empty when its {@code Type} is missing or unknown.
   *
   * @throws RuntimeException from the record when the item cannot be read (a bad segment, say)
   */
  public static Optional<Map<String, AttributeValue>> remap(Map<String, AttributeValue> item) {
    String type = Items.type(item);
    UnaryOperator<Map<String, AttributeValue>> f = type == null ? null : BY_TYPE.get(type);
    return f == null ? Optional.empty() : Optional.of(f.apply(item));
  }
}

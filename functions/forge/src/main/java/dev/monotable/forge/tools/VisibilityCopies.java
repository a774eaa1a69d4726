package dev.monotable.forge.tools;

import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.model.Counter;
import dev.monotable.forge.model.Repository;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.forge.model.Visibility;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.ops.BackfillRules;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

/**
 * The repository's visibility ({@code IsPrivate}, {@code OwnerType}) for the items that carry a
 * copy of it (issues, pull requests, comments, the Counter) but were written before the copy
 * existed: one GetItem of the repository per repository, cached for the run. The copy never goes
 * stale (visibility never changes after creation), so filling it is idempotent. Forge's copies for
 * the kit's backfill.
 */
final class VisibilityCopies implements BackfillRules.Copies {
  private static final Set<String> CARRIERS = Set.of(Counter.TYPE, TicketKind.ISSUE.type(),
      TicketKind.PULL_REQUEST.type(), TicketKind.ISSUE.commentType(), TicketKind.PULL_REQUEST.commentType());

  private final DynamoDbClient client;
  private final String table;
  private final Map<Key, Optional<Map<String, AttributeValue>>> repositories = new ConcurrentHashMap<>();

  VisibilityCopies(DynamoDbClient client, String table) {
    this.client = client;
    this.table = table;
  }

  /** The item's type carries the repository's visibility copy. */
  @Override
  public boolean carries(Map<String, AttributeValue> item) {
    String type = Items.type(item);
    return type != null && CARRIERS.contains(type);
  }

  /** The item with the copy added when its type carries one and it lacks it; otherwise the item itself. */
  @Override
  public Map<String, AttributeValue> fill(Map<String, AttributeValue> item) {
    if (!carries(item) || Visibility.fromItem(item) != null) {
      return item;
    }
    String owner = Items.s(item, "Owner");
    String repo = Items.s(item, "Repo");
    if (owner == null || repo == null) {
      throw new IllegalStateException("no Owner/Repo to find the repository whose visibility it copies");
    }
    Key key = Keys.repository(owner, repo);
    Map<String, AttributeValue> repository = repositories.computeIfAbsent(key, k -> {
      var r = client.getItem(GetItemRequest.builder().tableName(table).key(k.toMap()).consistentRead(true).build());
      return r.hasItem() && !r.item().isEmpty() ? Optional.of(r.item()) : Optional.empty();
    }).orElseThrow(() -> new IllegalStateException("its repository " + owner + "/" + repo
        + " does not exist, so there is no visibility to copy"));
    Map<String, AttributeValue> filled = new HashMap<>(item);
    filled.put(Visibility.IS_PRIVATE, repository.get(Repository.IS_PRIVATE));
    filled.put(Visibility.OWNER_TYPE, repository.get(Repository.OWNER_TYPE));
    return filled;
  }
}

package dev.monotable.kit.ops;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.domain.Domain;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A domain's READ access patterns with the calls that run them: which patterns are reads (every
 * route serving it is granted only read actions, {@link Endpoint#readOnly()}, and touches the
 * table at all), the actions their routes are granted and the requests one call may make.
 * {@code explore ap} and {@code test-access-patterns} work through it.
 */
public final class ReadPatternSet {
  private final Domain domain;
  private final Map<String, ReadPattern> calls = new LinkedHashMap<>();

  /**
   * @param domain the declarations: access patterns and the routes serving them
   * @param calls the domain's calls, at most one per pattern
   */
  public ReadPatternSet(Domain domain, List<ReadPattern> calls) {
    this.domain = domain;
    for (ReadPattern p : calls) {
      if (this.calls.put(p.ap().name(), p) != null) {
        throw new IllegalArgumentException("two calls for " + p.ap().name());
      }
    }
  }

  /** The read patterns of an operator tools' domain. */
  public static ReadPatternSet of(OpsDomain domain) {
    return new ReadPatternSet(domain.domain(), domain.readPatterns());
  }

  /** The read patterns of the domain's catalog, in its order. */
  public List<AccessPatternSpec> readPatterns() {
    List<AccessPatternSpec> out = new ArrayList<>();
    for (AccessPatternSpec ap : domain.accessPatterns()) {
      List<Endpoint> routes = routes(ap);
      if (!routes.isEmpty() && routes.stream().allMatch(e -> e.readOnly() && !e.actions().isEmpty())) {
        out.add(ap);
      }
    }
    return out;
  }

  /** The pattern of the catalog with this name (any case), or null. */
  public AccessPatternSpec byName(String name) {
    String wanted = name.trim().toUpperCase(Locale.ROOT);
    for (AccessPatternSpec ap : domain.accessPatterns()) {
      if (ap.name().toUpperCase(Locale.ROOT).equals(wanted)) {
        return ap;
      }
    }
    return null;
  }

  /** The call of a pattern, or null when the catalog gained a read pattern nobody wired. */
  public ReadPattern get(AccessPatternSpec ap) {
    return calls.get(ap.name());
  }

  /** The routes serving a pattern. */
  public List<Endpoint> routes(AccessPatternSpec ap) {
    return domain.endpoints().stream().filter(e -> e.patterns().contains(ap)).toList();
  }

  /** The DynamoDB actions granted to the routes serving the pattern. */
  public Set<DynamoAction> granted(AccessPatternSpec ap) {
    Set<DynamoAction> out = EnumSet.noneOf(DynamoAction.class);
    routes(ap).forEach(e -> out.addAll(e.actions()));
    return out;
  }

  /**
   * Requests one call of the pattern may make: what it declares ({@link AccessPatternSpec#requestAllowance},
   * for example one Query per shard of a write-sharded partition), and at least one (reads are one
   * DynamoDB request), or two when its route is granted a read besides its Query (a GetItem or
   * BatchGetItem before the Query, to check access or to fill an empty page).
   */
  public int requestBudget(AccessPatternSpec ap) {
    Set<DynamoAction> actions = granted(ap);
    boolean readBeforeQuery = actions.contains(DynamoAction.QUERY)
        && (actions.contains(DynamoAction.GET_ITEM) || actions.contains(DynamoAction.BATCH_GET_ITEM));
    return Math.max(ap.requestAllowance().requests(), readBeforeQuery ? 2 : 1);
  }

  /** Action of an SDK operation name, or null for one no function is ever granted (Scan). */
  public static DynamoAction action(String operation) {
    return switch (operation) {
      case "GetItem" -> DynamoAction.GET_ITEM;
      case "BatchGetItem" -> DynamoAction.BATCH_GET_ITEM;
      case "Query" -> DynamoAction.QUERY;
      case "PutItem" -> DynamoAction.PUT_ITEM;
      case "UpdateItem" -> DynamoAction.UPDATE_ITEM;
      case "DeleteItem" -> DynamoAction.DELETE_ITEM;
      case "BatchWriteItem" -> DynamoAction.BATCH_WRITE_ITEM;
      default -> null;
    };
  }

  /** The distinct operations of a list of calls, for messages. */
  public static String operations(List<RequestCounter.Call> calls) {
    Set<String> ops = new LinkedHashSet<>();
    calls.forEach(c -> ops.add(c.toString()));
    return String.join(" + ", ops);
  }
}

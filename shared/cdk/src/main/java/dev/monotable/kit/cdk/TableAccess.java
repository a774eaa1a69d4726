package dev.monotable.kit.cdk;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import software.amazon.awscdk.services.iam.Effect;
import software.amazon.awscdk.services.iam.PolicyStatement;

/**
 * The DynamoDB permissions of one endpoint, derived from the catalog and nothing else.
 *
 * <p>{@code endpoint.actions()} are granted on the table ARN, except Query: it is granted on the
 * table only when a Query pattern of the endpoint has no index, and on {@code table/index/GSIn}
 * for each index the endpoint declares. An index ARN never implies the table and vice versa.
 *
 * @param tableActions IAM action names granted on the table ARN, sorted
 * @param queriedIndexes indexes granted dynamodb:Query on their own ARN
 * @param problems catalog inconsistencies that make the derivation ambiguous; empty when sound
 */
public record TableAccess(Set<String> tableActions, Set<Gsi> queriedIndexes, List<String> problems) {

  public TableAccess {
    // Ordered sets: statements list actions and resources in this order, and templates must be stable.
    tableActions = Collections.unmodifiableSortedSet(new TreeSet<>(tableActions));
    queriedIndexes = queriedIndexes.isEmpty()
        ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(queriedIndexes));
    problems = List.copyOf(problems);
  }

  public static TableAccess of(Endpoint endpoint) {
    List<String> problems = new ArrayList<>();
    Set<String> tableActions = new TreeSet<>();
    for (DynamoAction action : endpoint.actions()) {
      if (action != DynamoAction.QUERY) {
        tableActions.add(action.iamName());
      }
    }
    boolean queriesBaseTable = false;
    Set<Gsi> patternIndexes = EnumSet.noneOf(Gsi.class);
    for (AccessPatternSpec pattern : endpoint.patterns()) {
      if (!pattern.calls().includes(dev.monotable.kit.catalog.Operation.QUERY)) {
        continue;
      }
      if (pattern.index() == null) {
        queriesBaseTable = true;
      } else {
        patternIndexes.add(pattern.index());
      }
    }
    boolean grantsQuery = endpoint.actions().contains(DynamoAction.QUERY);
    if (grantsQuery && queriesBaseTable) {
      tableActions.add(DynamoAction.QUERY.iamName());
    }
    if (grantsQuery && !queriesBaseTable && patternIndexes.isEmpty()) {
      problems.add(endpoint.routeKey() + ": action Query but none of its patterns is a Query");
    }
    if (!grantsQuery && (queriesBaseTable || !patternIndexes.isEmpty())) {
      problems.add(endpoint.routeKey() + ": a pattern is a Query but the endpoint lacks the Query action");
    }
    if (!patternIndexes.equals(endpoint.indexes().isEmpty() ? Set.of() : EnumSet.copyOf(endpoint.indexes()))) {
      problems.add(endpoint.routeKey() + ": indexes " + new TreeSet<>(endpoint.indexes())
          + " differ from the indexes its patterns query " + patternIndexes);
    }
    return new TableAccess(tableActions, endpoint.indexes(), problems);
  }

  /** True when the function gets no DynamoDB permission at all (no policy statement). */
  public boolean none() {
    return tableActions.isEmpty() && queriedIndexes.isEmpty();
  }

  /** Policy statements granting exactly this access; empty when {@link #none()}. */
  public List<PolicyStatement> statements(String tableArn) {
    List<PolicyStatement> statements = new ArrayList<>();
    if (!tableActions.isEmpty()) {
      statements.add(PolicyStatement.Builder.create()
          .sid("Table")
          .effect(Effect.ALLOW)
          .actions(List.copyOf(tableActions))
          .resources(List.of(tableArn))
          .build());
    }
    if (!queriedIndexes.isEmpty()) {
      statements.add(PolicyStatement.Builder.create()
          .sid("QueryIndexes")
          .effect(Effect.ALLOW)
          .actions(List.of(DynamoAction.QUERY.iamName()))
          .resources(EnumSet.copyOf(queriedIndexes).stream().map(gsi -> indexArn(tableArn, gsi)).toList())
          .build());
    }
    return statements;
  }

  public static String indexArn(String tableArn, Gsi gsi) {
    return tableArn + "/index/" + gsi.indexName();
  }
}

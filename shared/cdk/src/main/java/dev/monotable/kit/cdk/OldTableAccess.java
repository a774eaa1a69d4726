package dev.monotable.kit.cdk;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.migrate.OldDesign;
import dev.monotable.kit.migrate.ReadSwitch;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import software.amazon.awscdk.services.iam.Effect;
import software.amazon.awscdk.services.iam.PolicyStatement;

/**
 * What a route may read of the old design while its stage migrates: for each of its patterns the read switch
 * puts at {@code old} or {@code both}, the one call the pattern's {@link OldDesign.Read} declares, on that
 * table's ARN (GetItem) or that index's ARN (Query), and nothing else; nothing at all for a pattern at
 * {@code new}. Derived from the declaration, like {@link TableAccess}.
 *
 * @param grants the IAM actions, each with the resources it is granted on (table or index, by name: {@code
 *     Users}, {@code Events/index/Events-ByType}), sorted
 */
public record OldTableAccess(Map<String, Set<String>> grants) {

  /** The old reads of {@code endpoint}'s patterns that {@code reads} switches to the old design. */
  public static OldTableAccess of(Endpoint endpoint, OldDesign design, ReadSwitch reads) {
    Map<String, Set<String>> grants = new TreeMap<>();
    for (AccessPatternSpec pattern : endpoint.patterns()) {
      OldDesign.Read read = design.read(pattern.name());
      if (read == null || reads.side(pattern.name()) == ReadSwitch.Side.NEW) {
        continue;
      }
      String resource = read.index() == null ? read.table() : read.table() + "/index/" + read.index();
      grants.computeIfAbsent(read.action().iamName(), a -> new TreeSet<>()).add(resource);
    }
    return new OldTableAccess(grants);
  }

  public boolean none() {
    return grants.isEmpty();
  }

  /**
   * One statement per action, on the ARNs of its tables and indexes.
   *
   * @param tableArn the ARN of an old table, by its name in the design
   */
  public List<PolicyStatement> statements(Function<String, String> tableArn) {
    List<PolicyStatement> out = new ArrayList<>();
    for (Map.Entry<String, Set<String>> g : grants.entrySet()) {
      List<String> arns = g.getValue().stream().map(r -> {
        int index = r.indexOf("/index/");
        return index < 0 ? tableArn.apply(r) : tableArn.apply(r.substring(0, index)) + r.substring(index);
      }).toList();
      out.add(PolicyStatement.Builder.create()
          .sid("ReadOldDesign" + (g.getKey().equals(DynamoAction.QUERY.iamName()) ? "Query" : "GetItem"))
          .effect(Effect.ALLOW)
          .actions(List.of(g.getKey()))
          .resources(arns)
          .build());
    }
    return out;
  }
}

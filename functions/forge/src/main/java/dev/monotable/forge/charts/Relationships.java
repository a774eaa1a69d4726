package dev.monotable.forge.charts;

import dev.monotable.forge.model.AccountEmail;
import dev.monotable.forge.model.Activity;
import dev.monotable.forge.model.CountedComment;
import dev.monotable.forge.model.Counter;
import dev.monotable.kit.data.IdempotencyRecord;
import dev.monotable.forge.model.Invitation;
import dev.monotable.forge.model.Membership;
import dev.monotable.forge.model.Organization;
import dev.monotable.forge.model.Reaction;
import dev.monotable.forge.model.Repository;
import dev.monotable.forge.model.Star;
import dev.monotable.forge.model.User;

import static dev.monotable.forge.ForgePattern.*;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.charts.ChartTypes.Cardinality;
import dev.monotable.kit.charts.ChartTypes.Relationship;
import dev.monotable.kit.charts.ChartTypes.Strategy;
import java.util.List;

/**
 * The relationships of the Forge ERD and the single-table strategy that stores each one (the
 * types are the kit's {@link Relationship}). The generated docs/forge/erd.md draws them;
 * docs/forge/relationship-decisions.md explains the choices.
 */
public final class Relationships {

  private static final List<Relationship> ALL = List.of(
      rel("User", "AccountEmail", Cardinality.ONE_TO_ONE, "reserves e-mail",
          List.of(Strategy.UNIQUENESS_ITEM), AP01, AP03),
      rel("Organization", "Membership", Cardinality.ONE_TO_MANY, "has members",
          List.of(Strategy.ITEM_COLLECTION, Strategy.DENORMALISED_COUNTER), AP04, AP06, AP07, AP08),
      rel("User", "Membership", Cardinality.ONE_TO_MANY, "belongs to orgs through",
          List.of(Strategy.ADJACENCY_LIST), AP06, AP09),
      rel("Organization", "Invitation", Cardinality.ONE_TO_MANY, "invites",
          List.of(Strategy.ITEM_COLLECTION), AP10, AP11),
      rel("User", "Activity", Cardinality.ONE_TO_MANY, "has feed",
          List.of(Strategy.ITEM_COLLECTION), AP12),
      rel("Organization", "Activity", Cardinality.ONE_TO_MANY, "has feed",
          List.of(Strategy.ITEM_COLLECTION), AP12),
      rel("User", "Repository", Cardinality.ONE_TO_MANY, "owns",
          List.of(Strategy.GSI_COLLECTION), AP13, AP15),
      rel("Organization", "Repository", Cardinality.ONE_TO_MANY, "owns",
          List.of(Strategy.GSI_COLLECTION, Strategy.DENORMALISED_COPY), AP13, AP15),
      rel("Repository", "Repository", Cardinality.ONE_TO_MANY, "forked to",
          List.of(Strategy.GSI_COLLECTION, Strategy.DENORMALISED_COUNTER), AP16, AP17),
      rel("Repository", "Counter", Cardinality.ONE_TO_ONE, "numbers issues and PRs",
          List.of(Strategy.ATOMIC_COUNTER_ITEM), AP13, AP16, AP22, AP32),
      rel("Repository", "Issue", Cardinality.ONE_TO_MANY, "has",
          List.of(Strategy.GSI_COLLECTION, Strategy.SPARSE_INDEX), AP22, AP24, AP25, AP26),
      rel("Repository", "PullRequest", Cardinality.ONE_TO_MANY, "has",
          List.of(Strategy.GSI_COLLECTION, Strategy.SPARSE_INDEX), AP32, AP34, AP35, AP36),
      rel("Issue", "IssueComment", Cardinality.ONE_TO_MANY, "has",
          List.of(Strategy.ITEM_COLLECTION, Strategy.DENORMALISED_COUNTER), AP28, AP29),
      rel("PullRequest", "PRComment", Cardinality.ONE_TO_MANY, "has",
          List.of(Strategy.ITEM_COLLECTION, Strategy.DENORMALISED_COUNTER), AP38, AP39),
      rel("Issue", "CountedComment", Cardinality.ONE_TO_MANY, "counts comments by",
          List.of(Strategy.ITEM_COLLECTION, Strategy.DENORMALISED_COUNTER), AP28, AP29),
      rel("PullRequest", "CountedComment", Cardinality.ONE_TO_MANY, "counts comments by",
          List.of(Strategy.ITEM_COLLECTION, Strategy.DENORMALISED_COUNTER), AP38, AP39),
      rel("Issue", "Reaction", Cardinality.ONE_TO_MANY, "has",
          List.of(Strategy.UNIQUENESS_ITEM, Strategy.DENORMALISED_COUNTER), AP30, AP31),
      rel("PullRequest", "Reaction", Cardinality.ONE_TO_MANY, "has",
          List.of(Strategy.UNIQUENESS_ITEM, Strategy.DENORMALISED_COUNTER), AP40, AP41),
      rel("User", "Star", Cardinality.ONE_TO_MANY, "stars",
          List.of(Strategy.ADJACENCY_LIST), AP18, AP19, AP20),
      rel("Repository", "Star", Cardinality.ONE_TO_MANY, "starred by",
          List.of(Strategy.ADJACENCY_LIST, Strategy.DENORMALISED_COUNTER, Strategy.DENORMALISED_COPY),
          AP18, AP19, AP21),
      rel("User", "IdempotencyRecord", Cardinality.ONE_TO_MANY, "retries creates with",
          List.of(Strategy.UNIQUENESS_ITEM), AP22, AP28, AP32, AP38));

  private Relationships() {}

  /** Every relationship, in ERD order. */
  public static List<Relationship> all() {
    return ALL;
  }

  private static Relationship rel(String from, String to, Cardinality cardinality, String label,
      List<Strategy> strategies, DeclaredPattern... patterns) {
    return new Relationship(from, to, cardinality, label, strategies, List.<AccessPatternSpec>of(patterns));
  }
}

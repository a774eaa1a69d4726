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

import static dev.monotable.forge.catalog.AccessPattern.*;

import dev.monotable.forge.catalog.AccessPattern;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The relationships of the Forge ERD and the single-table strategy that stores each one. The
 * generated docs/erd.md draws them; docs/relationship-decisions.md explains the choices.
 */
public final class Relationships {

  /** Cardinality, with its Mermaid erDiagram notation. */
  public enum Cardinality {
    ONE_TO_ONE("||--||", "1:1"),
    ONE_TO_MANY("||--o{", "1:N"),
    MANY_TO_MANY("}o--o{", "M:N");

    private final String mermaid;
    private final String label;

    Cardinality(String mermaid, String label) {
      this.mermaid = mermaid;
      this.label = label;
    }

    public String mermaid() {
      return mermaid;
    }

    public String label() {
      return label;
    }
  }

  /** How a relationship is stored (seed 003 and the relationship strategy guide). */
  public enum Strategy {
    ITEM_COLLECTION("item collection"),
    GSI_COLLECTION("GSI item collection"),
    ADJACENCY_LIST("adjacency list + inverted GSI"),
    SPARSE_INDEX("sparse index"),
    UNIQUENESS_ITEM("uniqueness tracking item"),
    ATOMIC_COUNTER_ITEM("atomic counter item"),
    DENORMALISED_COUNTER("denormalised counter"),
    DENORMALISED_COPY("denormalised copy");

    private final String label;

    Strategy(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }
  }

  /**
   * One edge of the ERD.
   *
   * @param from entity Type on the "one" side
   * @param to entity Type on the other side
   * @param cardinality cardinality
   * @param label verb phrase for the diagram
   * @param strategies how it is stored, main strategy first
   * @param patterns the access patterns that write or read it
   */
  public record Relationship(String from, String to, Cardinality cardinality, String label,
      List<Strategy> strategies, List<AccessPattern> patterns) {

    public Relationship {
      strategies = List.copyOf(strategies);
      patterns = List.copyOf(patterns);
    }

    /**
     * Indexes the relationship is read through: those of its Query patterns ({@code table} for
     * the base table), or {@code table} when it is only written and read by key.
     */
    public List<String> indexes() {
      Set<String> out = new LinkedHashSet<>();
      for (AccessPattern ap : patterns) {
        if (ap.operation().contains("Query")) {
          out.add(ap.index() == null ? "table" : ap.index().indexName());
        }
      }
      return out.isEmpty() ? List.of("table") : List.copyOf(out);
    }
  }

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
      List<Strategy> strategies, AccessPattern... patterns) {
    return new Relationship(from, to, cardinality, label, strategies, List.of(patterns));
  }
}

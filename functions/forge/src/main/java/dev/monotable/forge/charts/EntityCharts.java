package dev.monotable.forge.charts;

import java.util.function.Predicate;
import java.util.Locale;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.forge.keys.ForgeSegments;
import dev.monotable.kit.charts.EntityModel;
import dev.monotable.forge.keys.ReactionTypes;
import dev.monotable.forge.Forge;
import dev.monotable.forge.model.AccountEmail;
import dev.monotable.forge.model.Activity;
import dev.monotable.kit.charts.ChartTypes;
import dev.monotable.forge.model.Comment;
import dev.monotable.forge.model.CountedComment;
import dev.monotable.forge.model.Counter;
import dev.monotable.kit.data.IdempotencyRecord;
import dev.monotable.forge.model.Invitation;
import dev.monotable.forge.model.Membership;
import dev.monotable.kit.charts.ModelValidator;
import dev.monotable.forge.model.Organization;
import dev.monotable.forge.model.Reaction;
import dev.monotable.forge.model.Repository;
import dev.monotable.forge.model.Star;
import dev.monotable.forge.model.Ticket;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.forge.model.User;

import dev.monotable.forge.keys.Keys;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.charts.ChartTypes.Attribute;
import dev.monotable.kit.charts.ChartTypes.AttributeType;
import dev.monotable.kit.charts.ChartTypes.Chart;
import dev.monotable.kit.charts.ChartTypes.ChartKey;
import dev.monotable.kit.charts.ChartTypes.KeyPair;
import dev.monotable.kit.charts.ChartTypes.Mutability;
import dev.monotable.kit.charts.ChartTypes.Selector;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The entity charts (docs/forge/entity-chart.md, generated from here) as data: for every entity (and every variant of an
 * entity whose index keys depend on its state) the {@link Keys} templates of its table key and of
 * each GSI it is written to, its notes and its main attributes. Forge's own entities are drawn
 * from their {@link dev.monotable.kit.entity.Entity} declarations (the ones their items are
 * written from), so only the notes are written here. The generated docs print these
 * charts and {@link ModelValidator} checks stored items against them, so the charts in the docs
 * are the rules the items are held to. Templates are referenced, never re-typed. The row types
 * are in {@link ChartTypes}; this class holds the rows.
 */
public final class EntityCharts {

  private EntityCharts() {}

  // ---- registry ---------------------------------------------------------------------------

  private static final List<Chart> CHARTS = build();

  /** Forge's entities for the kit: the table, these charts and the rules of Forge's placeholders. */
  public static final EntityModel MODEL = new EntityModel() {
    @Override
    public TableSchema schema() {
      return Forge.SCHEMA;
    }

    @Override
    public List<Chart> charts() {
      return CHARTS;
    }

    @Override
    public Map<String, Predicate<String>> segmentRules() {
      return SEGMENT_RULES;
    }
  };

  /** Checks Forge's items against these charts. */
  public static final ModelValidator VALIDATOR = new ModelValidator(MODEL);

  /** Every chart, in the order of docs/forge/entity-chart.md (variants next to each other). */
  public static List<Chart> all() {
    return CHARTS;
  }

  /** Entity types in chart order. */
  public static List<String> types() {
    return MODEL.types();
  }

  /** The charts of one {@code Type}; empty for an unknown type. */
  public static List<Chart> ofType(String type) {
    return MODEL.ofType(type);
  }

  /** The chart with this label ({@code Issue (open)}, {@code User}). */
  public static Chart byLabel(String label) {
    return MODEL.byLabel(label);
  }

  /** The chart an item falls under (by Type and selector), or empty. */
  public static Optional<Chart> forItem(Map<String, AttributeValue> item) {
    return MODEL.forItem(item);
  }

  /** A chart key: the template with pairs of (template name, spec name). */
  private static ChartKey key(Template template, String... renames) {
    Map<String, String> names = new LinkedHashMap<>();
    for (int i = 0; i < renames.length; i += 2) {
      names.put(renames[i], renames[i + 1]);
    }
    return new ChartKey(template, names);
  }

  private static KeyPair pair(ChartKey pk, ChartKey sk) {
    return new KeyPair(pk, sk);
  }

  private static Attribute attr(String name, AttributeType type, boolean required, Mutability mutability,
      String description) {
    return new Attribute(name, type, required, mutability, description);
  }

  private static List<Chart> build() {
    final boolean req = true;
    final AttributeType s = AttributeType.S;
    final Mutability fixed = Mutability.FIXED;

    List<Chart> l = new ArrayList<>();

    // -- accounts --
    l.add(Chart.of(User.ENTITY, User.class, List.of()));
    l.add(Chart.of(AccountEmail.ENTITY, AccountEmail.class, List.of("uniqueness tracking item, attribute Username")));
    l.add(Chart.of(Organization.ENTITY, Organization.class,
        List.of("shares the account namespace with users", "AdminCount guards the last admin")));

    l.add(Chart.of(Membership.ENTITY, Membership.class, List.of("Role: admin or member")));
    l.add(Chart.of(Invitation.ENTITY, Invitation.class, List.of("TTL = created + 7 days")));
    l.add(Chart.of(Activity.ENTITY, Activity.class,
        List.of("written by a stream handler", "TTL = created + 90 days")));

    // -- repositories --
    l.add(Chart.of(Repository.ENTITY, "not a fork", Repository.class,
        List.of("StarCount, ForkCount, IsPrivate, OwnerType",
            "UpdatedAt and GSI3SK move forward on every new issue, pull request or comment")));
    l.add(Chart.of(Repository.ENTITY, "a fork", Repository.class,
        List.of("StarCount, ForkCount, IsPrivate, OwnerType",
            "UpdatedAt and GSI3SK move forward on every new issue, pull request or comment",
            "ForkOf = originalOwner/originalRepo; listed under the original on GSI2")));

    l.add(Chart.of(Counter.ENTITY, Counter.class,
        List.of("shared issue/PR number sequence", "created with its repository",
            "head of its pull-request lists on GSI1/GSI4; IsPrivate, OwnerType copied from the repository")));

    // -- issues and pull requests --
    for (TicketKind kind : TicketKind.values()) {
      List<String> notes = List.of(kind == TicketKind.PULL_REQUEST ? "State open/closed/merged, Reactions map, CommentCount"
          : "State open/closed, Reactions map, CommentCount", "IsPrivate, OwnerType copied from the repository");
      for (var variant : Ticket.entity(kind).variants()) {
        l.add(Chart.of(Ticket.entity(kind), variant.name(), Ticket.class, notes));
      }
    }

    for (TicketKind kind : TicketKind.values()) {
      l.add(Chart.of(Comment.entity(kind), Comment.class, List.of("IsPrivate, OwnerType copied from the repository")));
    }

    for (var variant : CountedComment.ENTITY.variants()) {
      l.add(Chart.of(CountedComment.ENTITY, variant.name(), CountedComment.class,
          List.of("written by a stream handler (ST3) with the CommentCount change",
              "receipt making the count exact when a stream record is delivered again")));
    }

    for (var variant : Reaction.ENTITY.variants()) {
      l.add(Chart.of(Reaction.ENTITY, variant.name(), Reaction.class,
          List.of("one per user, target and type", "counted in the target's Reactions map")));
    }

    l.add(Chart.of(Star.ENTITY, Star.class,
        List.of("no timestamp in the SK, so a star is unique per user and repo", "StarredAt attribute",
            "IsPrivate copied from the repository")));

    // -- beyond the first charts: API reliability (Idempotency-Key, docs/reliability.md) --
    ChartKey idempotency = key(Keys.IDEMPOTENCY);
    l.add(new Chart(IdempotencyRecord.TYPE, null, IdempotencyRecord.class, Selector.always(),
        pair(idempotency, idempotency),
        Map.of(), false, true,
        List.of("written in the same transaction as the entity it created", "TTL = created + 24 hours"),
        List.of(
            attr("Username", s, req, fixed, "the caller who sent the Idempotency-Key (display form)"),
            attr("IdempotencyKey", s, req, fixed, "the header's value, case kept"),
            attr("Route", s, req, fixed, "route key of the request"),
            attr("RequestHash", s, req, fixed, "SHA-256 of the request's path and body (base64url)"),
            attr("TargetPK", s, req, fixed, "table PK of the created entity"),
            attr("TargetSK", s, req, fixed, "table SK of the created entity"))));

    return List.copyOf(l);
  }

  private static final Map<String, Predicate<String>> SEGMENT_RULES = segmentRules();

  /** The kit's standard placeholders plus Forge's names: accounts, repositories, reaction types. */
  private static Map<String, Predicate<String>> segmentRules() {
    Predicate<String> account = v -> ForgeSegments.ACCOUNT.matcher(v).matches() && v.equals(v.toLowerCase(Locale.ROOT));
    Map<String, Predicate<String>> rules = new LinkedHashMap<>(ModelValidator.standardSegmentRules());
    rules.put("account", account);
    rules.put("username", account);
    rules.put("org", account);
    rules.put("owner", account);
    rules.put("repo", v -> ForgeSegments.REPO.matcher(v).matches() && !v.equals(".") && !v.equals("..")
        && v.equals(v.toLowerCase(Locale.ROOT)));
    rules.put("type", ReactionTypes.ALL::contains);
    return Map.copyOf(rules);
  }
}

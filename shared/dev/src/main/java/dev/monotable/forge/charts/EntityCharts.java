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
import dev.monotable.kit.items.Items;
import dev.monotable.forge.model.Membership;
import dev.monotable.kit.charts.ModelValidator;
import dev.monotable.forge.model.Organization;
import dev.monotable.forge.model.Reaction;
import dev.monotable.forge.model.Repository;
import dev.monotable.forge.model.Role;
import dev.monotable.forge.model.Star;
import dev.monotable.forge.model.Ticket;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.forge.model.User;
import dev.monotable.forge.model.Visibility;

import static dev.monotable.kit.schema.TableSchema.Gsi.GSI1;
import static dev.monotable.kit.schema.TableSchema.Gsi.GSI2;
import static dev.monotable.kit.schema.TableSchema.Gsi.GSI3;
import static dev.monotable.kit.schema.TableSchema.Gsi.GSI4;

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
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The entity charts (docs/entity-chart.md, generated from here) as data: for every entity (and every variant of an
 * entity whose index keys depend on its state) the {@link Keys} templates of its table key and of
 * each GSI it is written to, its notes and its main attributes. The generated docs print these
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

  /** Every chart, in the order of docs/entity-chart.md (variants next to each other). */
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
    final boolean opt = false;
    final AttributeType s = AttributeType.S;
    final AttributeType n = AttributeType.N;
    final Mutability fixed = Mutability.FIXED;
    final Mutability versioned = Mutability.VERSIONED;
    final Mutability atomic = Mutability.ATOMIC;

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
    ChartKey repo = key(Keys.REPO);
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
    l.add(ticket(TicketKind.ISSUE, "open", Selector.equalTo(Ticket.STATE, "open"), Keys.ISSUE,
        Keys.REPO, Keys.ISSUE_NUMBER, Keys.ISSUE_OPEN));
    l.add(ticket(TicketKind.ISSUE, "closed", Selector.equalTo(Ticket.STATE, "closed"), Keys.ISSUE,
        Keys.REPO, Keys.ISSUE_NUMBER, Keys.ISSUE_CLOSED));
    l.add(ticket(TicketKind.PULL_REQUEST, "open", Selector.equalTo(Ticket.STATE, "open"), Keys.PULL_REQUEST,
        Keys.PULL_REQUESTS_OF_REPO, Keys.PULL_REQUEST_NUMBER, Keys.PULL_REQUEST_OPEN));
    l.add(ticket(TicketKind.PULL_REQUEST, "closed or merged", Selector.equalTo(Ticket.STATE, "closed", "merged"),
        Keys.PULL_REQUEST, Keys.PULL_REQUESTS_OF_REPO, Keys.PULL_REQUEST_NUMBER, Keys.PULL_REQUEST_CLOSED));

    for (TicketKind kind : TicketKind.values()) {
      l.add(Chart.of(Comment.entity(kind), Comment.class, List.of("IsPrivate, OwnerType copied from the repository")));
    }

    for (String variant : List.of("on an issue", "on a pull request")) {
      l.add(Chart.of(CountedComment.ENTITY, variant, CountedComment.class,
          List.of("written by a stream handler (ST3) with the CommentCount change",
              "receipt making the count exact when a stream record is delivered again")));
    }

    for (String variant : List.of("on an issue", "on a pull request")) {
      l.add(Chart.of(Reaction.ENTITY, variant, Reaction.class,
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

  private static Chart ticket(TicketKind kind, String variant, Selector selector, Template own, Template ofRepo,
      Template byNumber, Template byState) {
    ChartKey self = key(own);
    boolean pr = kind == TicketKind.PULL_REQUEST;
    final boolean req = true;
    final boolean opt = false;
    List<Attribute> attributes = new ArrayList<>(List.of(
        new Attribute("Owner", AttributeType.S, req, Mutability.FIXED, "repository owner (display form)"),
        new Attribute("Repo", AttributeType.S, req, Mutability.FIXED, "repository name (display form)"),
        new Attribute("Number", AttributeType.N, req, Mutability.FIXED, "number from the repository's Counter"),
        new Attribute("Title", AttributeType.S, req, Mutability.VERSIONED, "title"),
        new Attribute("Body", AttributeType.S, opt, Mutability.VERSIONED, "text"),
        new Attribute(Ticket.STATE, AttributeType.S, req, Mutability.VERSIONED,
            pr ? "open, closed or merged (final); GSI4SK follows it" : "open or closed; GSI4SK follows it"),
        new Attribute("Author", AttributeType.S, req, Mutability.FIXED, "author (display form)")));
    if (pr) {
      attributes.add(new Attribute("Head", AttributeType.S, req, Mutability.FIXED, "source branch"));
      attributes.add(new Attribute("Base", AttributeType.S, req, Mutability.FIXED, "target branch"));
    }
    attributes.add(new Attribute(Ticket.COMMENT_COUNT, AttributeType.N, req, Mutability.ATOMIC,
        "comments, counted by a stream handler exactly once per record"));
    attributes.add(new Attribute(Ticket.REACTIONS, AttributeType.M, req, Mutability.ATOMIC,
        "count per reaction type, ADD in the reaction transactions"));
    attributes.add(new Attribute("ClosedAt", AttributeType.S, opt, Mutability.VERSIONED, "when closed or merged"));
    if (pr) {
      attributes.add(new Attribute("MergedAt", AttributeType.S, opt, Mutability.VERSIONED, "when merged"));
    }
    attributes.add(visibilityCopy());
    attributes.add(ownerTypeCopy());
    return new Chart(kind.type(), variant, Ticket.class, selector, pair(self, self),
        Map.of(GSI1, pair(key(ofRepo), key(byNumber)), GSI4, pair(key(ofRepo), key(byState))), true, false,
        List.of(pr ? "State open/closed/merged, Reactions map, CommentCount" : "State open/closed, Reactions map, CommentCount",
            "IsPrivate, OwnerType copied from the repository"),
        attributes);
  }

  /** The repository's IsPrivate, copied onto the items reads return (docs/relationship-decisions.md). */
  private static Attribute visibilityCopy() {
    return new Attribute(Visibility.IS_PRIVATE, AttributeType.BOOL, true, Mutability.FIXED,
        "copied from the repository at creation: visibility without reading the repository");
  }

  /** The repository's OwnerType, copied with IsPrivate. */
  private static Attribute ownerTypeCopy() {
    return new Attribute(Visibility.OWNER_TYPE, AttributeType.S, true, Mutability.FIXED,
        "copied from the repository: whether org membership grants visibility");
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

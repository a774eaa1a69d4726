package dev.monotable.forge.tools;

import dev.monotable.kit.ops.RequestCounter;
import dev.monotable.kit.cli.UsageException;

import static dev.monotable.forge.catalog.AccessPattern.*;

import dev.monotable.forge.catalog.AccessPattern;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.forge.catalog.EndpointCatalog;
import dev.monotable.forge.data.Accounts;
import dev.monotable.forge.data.Activities;
import dev.monotable.forge.data.Comments;
import dev.monotable.forge.data.Organizations;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.forge.data.Repositories;
import dev.monotable.forge.data.Stars;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.forge.data.Tickets;
import dev.monotable.forge.model.Activity;
import dev.monotable.forge.model.Comment;
import dev.monotable.forge.model.Invitation;
import dev.monotable.forge.model.Membership;
import dev.monotable.forge.model.Repository;
import dev.monotable.forge.model.Star;
import dev.monotable.forge.model.Ticket;
import dev.monotable.forge.model.TicketKind;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Every READ access pattern of the catalog as one call into the data-access layer (the same
 * method the route's handler calls), with its parameters named and a sample call on the demo
 * dataset of {@code Seed.demo}. {@code explore ap} and {@code test-access-patterns} run them.
 *
 * <p>A pattern is a read when every route serving it is granted only read actions
 * ({@link Endpoint#readOnly()}) and touches the table at all.
 */
public final class ReadPatterns {

  /** One call: the DAL method applied to the table, the caller and the positional parameters. */
  @FunctionalInterface
  interface Invocation {
    Page<Map<String, AttributeValue>> run(TableGateway table, String caller, List<String> params, PageRequest page);
  }

  /**
   * A read pattern.
   *
   * @param ap the pattern
   * @param params names of its positional parameters, for usage lines
   * @param callerRequired the DAL refuses an anonymous caller
   * @param sample a call on the demo dataset
   * @param invocation the DAL call
   */
  public record Pattern(AccessPattern ap, List<String> params, boolean callerRequired, Sample sample,
      Invocation invocation) {

    /** {@code AP23 <owner> <repo> <number>}. */
    public String usage() {
      StringBuilder sb = new StringBuilder(ap.name());
      params.forEach(p -> sb.append(" <").append(p).append('>'));
      if (callerRequired) {
        sb.append(" --as <caller>");
      }
      return sb.toString();
    }

    /** Runs the pattern through the data-access layer; items as the model records write them. */
    public Page<Map<String, AttributeValue>> run(TableGateway table, String caller, List<String> values,
        PageRequest page) {
      if (values.size() != params.size()) {
        throw new UsageException(ap.name() + " takes " + params.size() + " parameter(s): " + usage());
      }
      if (callerRequired && caller == null) {
        throw new UsageException(ap.name() + " needs a caller: " + usage());
      }
      return invocation.run(table, caller, values, page);
    }
  }

  /**
   * A call on the demo dataset.
   *
   * @param caller the authenticated caller, or null for an anonymous read
   * @param params positional parameters
   */
  public record Sample(String caller, List<String> params) {
    static Sample of(String caller, String... params) {
      return new Sample(caller, List.of(params));
    }

    /** {@code alice/hello-forge 2 as bob}, for reports. */
    public String describe() {
      return String.join(" ", params) + (caller == null ? " (anonymous)" : " as " + caller);
    }
  }

  private static final Map<AccessPattern, Pattern> PATTERNS = build();

  private ReadPatterns() {}

  /** The read patterns of the catalog, in AP order. */
  public static List<AccessPattern> readPatterns() {
    List<AccessPattern> out = new ArrayList<>();
    for (AccessPattern ap : AccessPattern.values()) {
      List<Endpoint> routes = routes(ap);
      if (!routes.isEmpty() && routes.stream().allMatch(e -> e.readOnly() && !e.actions().isEmpty())) {
        out.add(ap);
      }
    }
    return out;
  }

  /** The registered pattern, or null when the catalog gained a read pattern nobody wired here. */
  public static Pattern get(AccessPattern ap) {
    return PATTERNS.get(ap);
  }

  /** The routes serving a pattern. */
  public static List<Endpoint> routes(AccessPattern ap) {
    return EndpointCatalog.endpoints().stream().filter(e -> e.patterns().contains(ap)).toList();
  }

  /** The DynamoDB actions granted to the routes serving the pattern. */
  public static Set<DynamoAction> granted(AccessPattern ap) {
    Set<DynamoAction> out = EnumSet.noneOf(DynamoAction.class);
    routes(ap).forEach(e -> out.addAll(e.actions()));
    return out;
  }

  /**
   * Requests one call of the pattern may make: one (forge.md section 4: "reads are one DynamoDB
   * request"), or two when its route is granted a read besides its Query: the one GetItem of the
   * caller's Membership for a private org repository read by a non-owner (AP15, the lists under a
   * repository), the empty-page exception of comment threads and a fork's forks, or AP11's admin check.
   */
  public static int requestBudget(AccessPattern ap) {
    Set<DynamoAction> actions = granted(ap);
    boolean readBeforeQuery = actions.contains(DynamoAction.QUERY)
        && (actions.contains(DynamoAction.GET_ITEM) || actions.contains(DynamoAction.BATCH_GET_ITEM));
    return readBeforeQuery ? 2 : 1;
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
      default -> null;
    };
  }

  private static Map<AccessPattern, Pattern> build() {
    Map<AccessPattern, Pattern> m = new EnumMap<>(AccessPattern.class);
    // accounts and organizations
    add(m, AP02, List.of("username"), false, Sample.of(null, "alice"),
        (t, c, p, page) -> one(new Accounts(t).getUser(p.get(0)).toItem()));
    add(m, AP05, List.of("org"), false, Sample.of(null, "acme"),
        (t, c, p, page) -> one(new Organizations(t).getOrg(p.get(0)).toItem()));
    add(m, AP08, List.of("org"), false, Sample.of(null, "acme"),
        (t, c, p, page) -> new Organizations(t).listMembers(p.get(0), page).map(Membership::toItem));
    add(m, AP09, List.of("username"), false, Sample.of(null, "bob"),
        (t, c, p, page) -> new Organizations(t).listUserOrgs(p.get(0), page).map(Membership::toItem));
    add(m, AP11, List.of("org"), true, Sample.of("alice", "acme"),
        (t, c, p, page) -> new Organizations(t).listInvitations(c, p.get(0), page).map(Invitation::toItem));
    add(m, AP12, List.of("username"), false, Sample.of(null, "alice"),
        (t, c, p, page) -> new Activities(t).listActivity(p.get(0), page).map(Activity::toItem));
    // repositories and stars: the samples read private acme/roadmap as member bob, so the
    // membership part of the visibility read is exercised too
    add(m, AP14, List.of("owner", "repo"), false, Sample.of("bob", "acme", "roadmap"),
        (t, c, p, page) -> one(new Repositories(t).getRepo(c, p.get(0), p.get(1)).toItem()));
    add(m, AP15, List.of("owner"), false, Sample.of("bob", "acme"),
        (t, c, p, page) -> new Repositories(t).listAccountRepos(c, p.get(0), page).map(Repository::toItem));
    add(m, AP17, List.of("owner", "repo"), false, Sample.of(null, "alice", "hello-forge"),
        (t, c, p, page) -> new Repositories(t).listForks(c, p.get(0), p.get(1), page).map(Repository::toItem));
    add(m, AP20, List.of("username"), false, Sample.of(null, "carol"),
        (t, c, p, page) -> new Stars(t).listStarred(c, p.get(0), page).map(Star::toItem));
    add(m, AP21, List.of("owner", "repo"), false, Sample.of(null, "alice", "hello-forge"),
        (t, c, p, page) -> new Stars(t).listStargazers(c, p.get(0), p.get(1), page).map(Star::toItem));
    // issues (AP23-29) and pull requests (AP33-39): the same shapes
    tickets(m, TicketKind.ISSUE, AP23, AP24, AP25, AP26, AP29, "2");
    tickets(m, TicketKind.PULL_REQUEST, AP33, AP34, AP35, AP36, AP39, "4");
    return m;
  }

  private static void tickets(Map<AccessPattern, Pattern> m, TicketKind kind, AccessPattern get, AccessPattern all,
      AccessPattern open, AccessPattern closed, AccessPattern comments, String sampleNumber) {
    List<String> repo = List.of("owner", "repo");
    List<String> ticket = List.of("owner", "repo", "number");
    Sample onRepo = Sample.of(null, "alice", "hello-forge");
    Sample onTicket = Sample.of(null, "alice", "hello-forge", sampleNumber);
    add(m, get, ticket, false, onTicket,
        (t, c, p, page) -> one(new Tickets(t).get(kind, c, p.get(0), p.get(1), number(p.get(2))).toItem()));
    add(m, all, repo, false, onRepo, (t, c, p, page) -> list(t, kind, c, p, Tickets.STATE_ALL, page));
    add(m, open, repo, false, onRepo, (t, c, p, page) -> list(t, kind, c, p, Tickets.STATE_OPEN, page));
    add(m, closed, repo, false, onRepo, (t, c, p, page) -> list(t, kind, c, p, Tickets.STATE_CLOSED, page));
    add(m, comments, ticket, false, onTicket, (t, c, p, page) ->
        new Comments(t).list(kind, c, p.get(0), p.get(1), number(p.get(2)), page).map(Comment::toItem));
  }

  private static Page<Map<String, AttributeValue>> list(TableGateway t, TicketKind kind, String caller,
      List<String> p, String state, PageRequest page) {
    return new Tickets(t).list(kind, caller, p.get(0), p.get(1), state, page).map(Ticket::toItem);
  }

  private static void add(Map<AccessPattern, Pattern> m, AccessPattern ap, List<String> params, boolean callerRequired,
      Sample sample, Invocation invocation) {
    m.put(ap, new Pattern(ap, params, callerRequired, sample, invocation));
  }

  private static Page<Map<String, AttributeValue>> one(Map<String, AttributeValue> item) {
    return new Page<>(List.of(item), null);
  }

  private static int number(String value) {
    try {
      return Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw new UsageException("number must be a whole number, not " + value);
    }
  }

  /** The distinct operations of a list of calls, for messages. */
  public static String operations(List<RequestCounter.Call> calls) {
    Set<String> ops = new LinkedHashSet<>();
    calls.forEach(c -> ops.add(c.toString()));
    return String.join(" + ", ops);
  }
}

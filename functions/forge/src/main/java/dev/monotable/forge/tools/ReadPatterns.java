package dev.monotable.forge.tools;

import static dev.monotable.forge.ForgePattern.*;

import dev.monotable.forge.data.Accounts;
import dev.monotable.forge.data.Activities;
import dev.monotable.forge.data.Comments;
import dev.monotable.forge.data.Organizations;
import dev.monotable.forge.data.Repositories;
import dev.monotable.forge.data.Stars;
import dev.monotable.forge.data.Tickets;
import dev.monotable.forge.model.Activity;
import dev.monotable.forge.model.Comment;
import dev.monotable.forge.model.Invitation;
import dev.monotable.forge.model.Membership;
import dev.monotable.forge.model.Repository;
import dev.monotable.forge.model.Star;
import dev.monotable.forge.model.Ticket;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.cli.UsageException;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.ops.ReadPattern;
import dev.monotable.kit.ops.ReadPattern.Invocation;
import dev.monotable.kit.ops.ReadPattern.Sample;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Forge's READ access patterns as calls into its data-access layer (the same method the route's
 * handler calls), with their parameters named and a sample call on the demo dataset of
 * {@code Seed.demo}; the kit's {@link dev.monotable.kit.ops.ReadPatternSet} decides which catalog
 * patterns are reads and what they may call ({@code explore ap}, {@code test-access-patterns}).
 */
public final class ReadPatterns {
  private static final List<ReadPattern> CALLS = List.copyOf(build().values());

  private ReadPatterns() {}

  /** Every wired read pattern, in AP order. */
  public static List<ReadPattern> calls() {
    return CALLS;
  }

  private static Map<DeclaredPattern, ReadPattern> build() {
    Map<DeclaredPattern, ReadPattern> m = new LinkedHashMap<>(); // added in AP order, as calls() lists them
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

  private static void tickets(Map<DeclaredPattern, ReadPattern> m, TicketKind kind, DeclaredPattern get,
      DeclaredPattern all, DeclaredPattern open, DeclaredPattern closed, DeclaredPattern comments, String sampleNumber) {
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

  private static void add(Map<DeclaredPattern, ReadPattern> m, DeclaredPattern ap, List<String> params, boolean callerRequired,
      Sample sample, Invocation invocation) {
    m.put(ap, new ReadPattern(ap, params, callerRequired, sample, invocation));
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

}

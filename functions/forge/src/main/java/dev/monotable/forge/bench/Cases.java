package dev.monotable.forge.bench;

import dev.monotable.kit.bench.BenchCase;
import dev.monotable.kit.bench.BenchRequest;

import static dev.monotable.forge.bench.BenchData.ISSUE;
import static dev.monotable.forge.bench.BenchData.MEMBER;
import static dev.monotable.forge.bench.BenchData.ORG;
import static dev.monotable.forge.bench.BenchData.PULL;
import static dev.monotable.forge.bench.BenchData.REPO;
import static dev.monotable.forge.bench.BenchData.WRITER;

import dev.monotable.forge.Forge;
import dev.monotable.forge.functions.Services;
import dev.monotable.forge.ForgePattern;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.keys.Key;
import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.model.Role;
import dev.monotable.forge.keys.TicketKind;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;

/**
 * The fixture of every catalog route (list routes once per {@code ?state=}), over the data of
 * {@link BenchData}. Reads use the demo data and, where the answer depends on the caller
 * (OPTIONAL auth), an authenticated caller who is not the owner (bob; a member of acme), which is
 * the path with the most requests. Writes go to dave's account, org {@code benchorg} and
 * repository {@code dave/bench}; fixtures that create an item with a unique name delete the
 * previous one first, so every invocation creates into a table of the same size.
 */
public final class Cases {
  private static final String ISSUES = "/repos/{owner}/{repo}/issues";
  private static final String PULLS = "/repos/{owner}/{repo}/pulls";

  private Cases() {}

  /** Fresh cases (each keeps its own invocation counter and version), in catalog order. */
  public static List<BenchCase<Services>> all() {
    List<BenchCase<Services>> l = new ArrayList<>();
    // Accounts
    l.add(route("POST /users", i -> BenchRequest.as("newcomer")
            .body("{\"username\":\"newcomer\",\"email\":\"newcomer@example.com\","
                + "\"name\":\"New Comer\",\"bio\":\"Created by scripts/bench\"}"))
        .before((s, i) -> delete(s, Keys.account("newcomer"), Keys.accountEmail("newcomer@example.com"))));
    l.add(route("GET /users/{username}", i -> BenchRequest.anonymous().path("username", "alice")));
    l.add(route("PATCH /users/{username}", i -> BenchRequest.as("alice").path("username", "alice")
            .body("{\"bio\":\"Builds things, edit " + i + "\"}"))
        .ifMatch(s -> s.accounts().getUser("alice").version()));
    // Organizations
    l.add(route("POST /orgs", i -> BenchRequest.as(WRITER)
            .body("{\"org\":\"neworg\",\"name\":\"New Org\",\"description\":\"Created by scripts/bench\"}"))
        .before((s, i) -> delete(s, Keys.account("neworg"), Keys.membership("neworg", WRITER))));
    l.add(route("GET /orgs/{org}", i -> BenchRequest.anonymous().path("org", "acme")));
    l.add(route("PUT /orgs/{org}/members/{username}", i -> BenchRequest.as(WRITER)
        .path("org", ORG).path("username", "bob").body("{\"role\":\"member\"}")));
    l.add(route("DELETE /orgs/{org}/members/{username}", i -> BenchRequest.as(WRITER)
            .path("org", ORG).path("username", MEMBER))
        .before((s, i) -> s.organizations().putMember(WRITER, ORG, MEMBER, Role.MEMBER)));
    l.add(route("GET /orgs/{org}/members", i -> BenchRequest.anonymous().path("org", "acme")));
    l.add(route("GET /users/{username}/orgs", i -> BenchRequest.anonymous().path("username", "bob")));
    l.add(route("POST /orgs/{org}/invitations", i -> BenchRequest.as(WRITER).path("org", ORG)
            .body("{\"email\":\"invitee@example.com\",\"role\":\"member\"}"))
        .before((s, i) -> delete(s, Keys.invitation(ORG, "invitee@example.com"))));
    l.add(route("GET /orgs/{org}/invitations", i -> BenchRequest.as("alice").path("org", "acme")));
    l.add(route("GET /users/{username}/events", i -> BenchRequest.anonymous().path("username", "alice")));
    // Repositories, forks, stars
    l.add(route("POST /repos", i -> BenchRequest.as(WRITER)
            .body("{\"name\":\"newrepo\",\"description\":\"Created by scripts/bench\",\"private\":false}"))
        .before((s, i) -> delete(s, Keys.repository(WRITER, "newrepo"), Keys.counter(WRITER, "newrepo"))));
    l.add(route("GET /repos/{owner}/{repo}", i -> BenchRequest.as("bob")
        .path("owner", "acme").path("repo", "roadmap")));
    l.add(route("GET /users/{owner}/repos", i -> BenchRequest.as("bob").path("owner", "alice")));
    l.add(route("GET /orgs/{org}/repos", i -> BenchRequest.as("bob").path("org", "acme")));
    l.add(route("POST /repos/{owner}/{repo}/forks", i -> BenchRequest.as("forker")
            .path("owner", WRITER).path("repo", REPO))
        .before((s, i) -> {
          if (i == 1) {
            s.accounts().createUser("forker", "forker", "forker@example.com", null, null);
          }
          delete(s, Keys.repository("forker", REPO), Keys.counter("forker", REPO));
        }));
    l.add(route("GET /repos/{owner}/{repo}/forks", i -> BenchRequest.as("bob")
        .path("owner", "alice").path("repo", "hello-forge")));
    l.add(route("PUT /user/starred/{owner}/{repo}", i -> BenchRequest.as("bob")
            .path("owner", WRITER).path("repo", REPO))
        .before((s, i) -> s.stars().unstar("bob", WRITER, REPO)));
    l.add(route("DELETE /user/starred/{owner}/{repo}", i -> BenchRequest.as("bob")
            .path("owner", WRITER).path("repo", REPO))
        .before((s, i) -> s.stars().star("bob", WRITER, REPO)));
    l.add(route("GET /users/{username}/starred", i -> BenchRequest.as("alice").path("username", "bob")));
    l.add(route("GET /repos/{owner}/{repo}/stargazers", i -> BenchRequest.as("bob")
        .path("owner", "alice").path("repo", "hello-forge")));
    tickets(l, TicketKind.ISSUE, ISSUES, ISSUE, 2, List.of(ForgePattern.AP24, ForgePattern.AP25, ForgePattern.AP26));
    tickets(l, TicketKind.PULL_REQUEST, PULLS, PULL, 4,
        List.of(ForgePattern.AP34, ForgePattern.AP35, ForgePattern.AP36));
    l.add(route("GET /health", i -> BenchRequest.anonymous()));
    return l;
  }

  /** The ten ticket routes: writes on dave/bench #{@code writeNumber}, reads on alice/hello-forge #{@code readNumber}. */
  private static void tickets(List<BenchCase<Services>> l, TicketKind kind, String base, int writeNumber, int readNumber,
      List<DeclaredPattern> lists) {
    boolean pr = kind == TicketKind.PULL_REQUEST;
    String w = Integer.toString(writeNumber);
    String r = Integer.toString(readNumber);
    l.add(route("POST " + base, i -> BenchRequest.as("bob").path("owner", WRITER).path("repo", REPO)
        .body("{\"title\":\"Benchmark " + kind.noun() + " " + i + "\",\"body\":\"Opened by scripts/bench\""
            + (pr ? ",\"head\":\"bob:feature-" + i + "\",\"base\":\"main\"" : "") + "}")));
    l.add(route("GET " + base + "/{number}", i -> BenchRequest.as("bob")
        .path("owner", "alice").path("repo", "hello-forge").path("number", r)));
    BenchCase<Services> list = route("GET " + base, i -> BenchRequest.as("bob")
        .path("owner", "alice").path("repo", "hello-forge"));
    l.add(list.only(lists.get(1), ""));
    BenchCase<Services> all = route("GET " + base, i -> BenchRequest.as("bob")
        .path("owner", "alice").path("repo", "hello-forge").query("state", "all"));
    l.add(all.only(lists.get(0), "?state=all"));
    BenchCase<Services> closed = route("GET " + base, i -> BenchRequest.as("bob")
        .path("owner", "alice").path("repo", "hello-forge").query("state", "closed"));
    l.add(closed.only(lists.get(2), "?state=closed"));
    l.add(route("PATCH " + base + "/{number}", i -> BenchRequest.as(WRITER)
            .path("owner", WRITER).path("repo", REPO).path("number", w)
            .body("{\"title\":\"Benchmark " + kind.noun() + ", edit " + i + "\"}"))
        .ifMatch(s -> s.tickets().get(kind, WRITER, WRITER, REPO, writeNumber).version()));
    l.add(route("POST " + base + "/{number}/comments", i -> BenchRequest.as("bob")
        .path("owner", WRITER).path("repo", REPO).path("number", w).body("{\"body\":\"Comment " + i + "\"}")));
    l.add(route("GET " + base + "/{number}/comments", i -> BenchRequest.as("bob")
        .path("owner", "alice").path("repo", "hello-forge").path("number", r)));
    l.add(route("PUT " + base + "/{number}/reactions/{type}", i -> BenchRequest.as("bob")
            .path("owner", WRITER).path("repo", REPO).path("number", w).path("type", "heart"))
        .before((s, i) -> s.reactions().unreact(kind, "bob", WRITER, REPO, writeNumber, "heart")));
    l.add(route("DELETE " + base + "/{number}/reactions/{type}", i -> BenchRequest.as("bob")
            .path("owner", WRITER).path("repo", REPO).path("number", w).path("type", "heart"))
        .before((s, i) -> s.reactions().react(kind, "bob", WRITER, REPO, writeNumber, "heart")));
  }

  /**
   * Removes what the previous invocation created (DeleteItem, unmeasured), so a creating fixture
   * can reuse its names and the table keeps its size however many times it runs.
   */
  private static void delete(Services s, Key... keys) {
    for (Key k : keys) {
      s.table().client().deleteItem(DeleteItemRequest.builder().tableName(s.table().tableName()).key(k.toMap()).build());
    }
  }

  /** A case of Forge's route {@code routeKey}. */
  private static BenchCase<Services> route(String routeKey, IntFunction<BenchRequest> request) {
    return BenchCase.route(Forge.DOMAIN, routeKey, request);
  }
}

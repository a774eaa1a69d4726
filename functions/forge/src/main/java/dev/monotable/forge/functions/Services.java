package dev.monotable.forge.functions;

import dev.monotable.kit.lambda.ContainerServices;

import dev.monotable.forge.Forge;
import static dev.monotable.forge.ForgePattern.*;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.forge.data.Accounts;
import dev.monotable.forge.data.Activities;
import dev.monotable.forge.data.Comments;
import dev.monotable.forge.data.Organizations;
import dev.monotable.forge.data.Reactions;
import dev.monotable.forge.data.Repositories;
import dev.monotable.forge.data.Stars;
import dev.monotable.forge.data.Tickets;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.http.Request;
import dev.monotable.forge.model.Rules;
import dev.monotable.kit.catalog.BodyField;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.errors.ValidationException;
import java.util.List;
import java.util.Map;
import dev.monotable.forge.data.TicketPatch;
import dev.monotable.forge.data.UserPatch;
import dev.monotable.forge.functions.http.Representations;
import dev.monotable.forge.keys.ForgeSegments;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.forge.model.Role;
import dev.monotable.kit.data.IdempotentRequest;
import dev.monotable.kit.http.Response;
import dev.monotable.kit.http.Routes;
import dev.monotable.kit.http.ServicesSeam;

/**
 * The dependencies of every handler, built once per container (per JVM) from the environment:
 * the DynamoDB client, the table gateway with its cursor key, and the token verifier for routes
 * that verify optional tokens themselves. Tests build one around their own table. As the kit's
 * {@link ServicesSeam}, it gives the handler bases Forge's domain, whose endpoints declare their
 * request bodies ({@link Endpoint#body()}).
 */
public final class Services extends ServicesSeam {
  private static final ContainerServices<Services> CONTAINER = new ContainerServices<>(Services::new);

  private static final TicketKind ISSUE = TicketKind.ISSUE;
  private static final TicketKind PULL = TicketKind.PULL_REQUEST;

  /**
   * The methods that serve Forge's routes, by the (first) pattern each route serves; issues and pull requests
   * share a method, told the kind.
   */
  private static final Routes<Services> ROUTES = Routes.of(Services.class)
      .serve(AP01, Services::createUser)
      .serve(AP02, Services::getUser)
      .serve(AP03, Services::updateUser)
      .serve(AP04, Services::createOrg)
      .serve(AP05, Services::getOrg)
      .serve(AP06, Services::putMember)
      .serve(AP07, Services::removeMember)
      .serve(AP08, Services::listMembers)
      .serve(AP09, Services::listUserOrgs)
      .serve(AP10, Services::createInvitation)
      .serve(AP11, Services::listInvitations)
      .serve(AP12, Services::listActivity)
      .serve(AP13, Services::createRepo)
      .serve(AP14, Services::getRepo)
      .serve(AP15, Services::listAccountRepos)
      .serve(AP16, Services::createFork)
      .serve(AP17, Services::listForks)
      .serve(AP18, Services::star)
      .serve(AP19, Services::unstar)
      .serve(AP20, Services::listStarred)
      .serve(AP21, Services::listStargazers)
      .serve(AP22, (s, r) -> s.createTicket(ISSUE, r))
      .serve(AP23, (s, r) -> s.getTicket(ISSUE, r))
      .serve(AP24, (s, r) -> s.listTickets(ISSUE, r))
      .serve(AP27, (s, r) -> s.updateTicket(ISSUE, r))
      .serve(AP28, (s, r) -> s.createComment(ISSUE, r))
      .serve(AP29, (s, r) -> s.listComments(ISSUE, r))
      .serve(AP30, (s, r) -> s.react(ISSUE, r))
      .serve(AP31, (s, r) -> s.unreact(ISSUE, r))
      .serve(AP32, (s, r) -> s.createTicket(PULL, r))
      .serve(AP33, (s, r) -> s.getTicket(PULL, r))
      .serve(AP34, (s, r) -> s.listTickets(PULL, r))
      .serve(AP37, (s, r) -> s.updateTicket(PULL, r))
      .serve(AP38, (s, r) -> s.createComment(PULL, r))
      .serve(AP39, (s, r) -> s.listComments(PULL, r))
      .serve(AP40, (s, r) -> s.react(PULL, r))
      .serve(AP41, (s, r) -> s.unreact(PULL, r));

  private final Accounts accounts;
  private final Organizations organizations;
  private final Activities activities;
  private final Repositories repositories;
  private final Stars stars;
  private final Tickets tickets;
  private final Comments comments;
  private final Reactions reactions;

  /**
   * @param table the table every data-access class uses
   * @param verifier verifier of bearer tokens for OPTIONAL-auth routes, or null
   */
  public Services(TableGateway table, JwtVerifier verifier) {
    super(Forge.DOMAIN, table, verifier);
    // Data-access objects are stateless wrappers around the gateway: building them all is cheap.
    this.accounts = table == null ? null : new Accounts(table);
    this.organizations = table == null ? null : new Organizations(table);
    this.activities = table == null ? null : new Activities(table);
    this.repositories = table == null ? null : new Repositories(table);
    this.stars = table == null ? null : new Stars(table);
    this.tickets = table == null ? null : new Tickets(table);
    this.comments = table == null ? null : new Comments(table);
    this.reactions = table == null ? null : new Reactions(table);
  }

  /** The container's services; the first call builds them (in the SnapStart snapshot when primed). */
  public static Services fromEnvironment() {
    return CONTAINER.get();
  }

  /**
   * A 400 naming the first body field the route does not declare ({@link Endpoint#body()}: a typo
   * such as {@code "titel"} is not silently ignored), or a declared field of the wrong JSON type
   * (also one the handler would not read, as {@code login} next to {@code org}). Nothing for a
   * route without declared fields or a request without a body.
   */
  @Override
  public void checkBody(String routeKey, Request request) {
    Endpoint endpoint = Forge.DOMAIN.endpoint(routeKey);
    if (endpoint == null || endpoint.body().isEmpty() || !request.hasBody()) {
      return;
    }
    List<BodyField> fields = endpoint.body();
    for (Map.Entry<String, Object> e : request.body().entrySet()) {
      String name = e.getKey();
      BodyField field = fields.stream().filter(f -> f.name().equals(name)).findFirst().orElse(null);
      if (field == null) {
        throw new ValidationException(Rules.isWellFormed(name) ? name : null,
            "unknown field; this route takes " + String.join(", ", fields.stream().map(BodyField::name).toList()));
      }
      Object v = e.getValue();
      if (v != null && field.type() == BodyField.Type.BOOLEAN && !(v instanceof Boolean)) {
        throw new ValidationException(name, name + " must be true or false");
      }
      if (v != null && field.type() != BodyField.Type.BOOLEAN && !(v instanceof String)) {
        throw new ValidationException(name, name + " must be a string");
      }
    }
  }

  @Override
  public Routes<Services> routes() {
    return ROUTES;
  }

  /** POST /users (AP01): the caller creates their own profile; username and email are unique. */
  Response createUser(Request r) {
    return Response.created(Representations.user(accounts.createUser(
        r.requireCaller(), r.requiredString("username"), r.requiredString("email"), r.string("name"), r.string("bio"))));
  }

  /** GET /users/{username} (AP02): one GetItem. */
  Response getUser(Request r) {
    return Response.ok(Representations.user(accounts.getUser(r.path("username"))));
  }

  /** PATCH /users/{username} (AP03): name, bio, email of one's own profile, under If-Match. */
  Response updateUser(Request r) {
    String caller = r.requireCaller();
    UserPatch patch = new UserPatch(r.string("name"), r.string("bio"), r.string("email"));
    return Response.ok(Representations.user(accounts.updateUser(caller, r.path("username"), r.ifMatch(), patch)));
  }

  /**
   * POST /orgs (AP04): creates an organization; the caller becomes its admin. The identifier is
   * {@code org} (or {@code login}); {@code name} is the display name, or the identifier when it is
   * the only one given.
   */
  Response createOrg(Request r) {
    String caller = r.requireCaller();
    String org = r.string("org");
    String login = r.string("login");
    if (login != null) {
      // login is another spelling of org: checked even when org is given, and never a second name
      ForgeSegments.account("login", login);
      if (org != null && !org.equalsIgnoreCase(login)) {
        throw new ValidationException("login", "login and org name different organizations; send one of them");
      }
      org = login;
    }
    String name = r.string("name");
    if (org == null) {
      if (name == null) {
        throw new ValidationException("org", "org is required");
      }
      org = name;
    }
    return Response.created(Representations.organization(
        organizations.createOrg(caller, org, name, r.string("description"))));
  }

  /** GET /orgs/{org} (AP05): one GetItem. */
  Response getOrg(Request r) {
    return Response.ok(Representations.organization(organizations.getOrg(r.path("org"))));
  }

  /** PUT /orgs/{org}/members/{username} (AP06): add a member or change a role (admins only); role defaults to member. */
  Response putMember(Request r) {
    String caller = r.requireCaller();
    String role = r.hasBody() ? r.string("role") : null;
    return Response.ok(Representations.membership(organizations.putMember(
        caller, r.path("org"), r.path("username"), role == null ? Role.MEMBER : Role.parse("role", role))));
  }

  /** DELETE /orgs/{org}/members/{username} (AP07): admins only; never the last admin. */
  Response removeMember(Request r) {
    organizations.removeMember(r.requireCaller(), r.path("org"), r.path("username"));
    return Response.noContent();
  }

  /** GET /orgs/{org}/members (AP08): Query of the org's item collection. */
  Response listMembers(Request r) {
    return Response.ok(Representations.page(organizations.listMembers(r.path("org"), r.page()),
        Representations::membership));
  }

  /** GET /users/{username}/orgs (AP09): Query GSI1, the inverted side of memberships. */
  Response listUserOrgs(Request r) {
    return Response.ok(Representations.page(organizations.listUserOrgs(r.path("username"), r.page()),
        Representations::membership));
  }

  /** POST /orgs/{org}/invitations (AP10): invite an e-mail address for 7 days (admins only). */
  Response createInvitation(Request r) {
    String caller = r.requireCaller();
    String role = r.string("role");
    return Response.created(Representations.invitation(organizations.createInvitation(
        caller, r.path("org"), r.requiredString("email"), role == null ? Role.MEMBER : Role.parse("role", role))));
  }

  /** GET /orgs/{org}/invitations (AP11): pending invitations, admins only; expired ones never shown. */
  Response listInvitations(Request r) {
    return Response.ok(Representations.page(organizations.listInvitations(r.requireCaller(), r.path("org"), r.page()),
        Representations::invitation));
  }

  /** GET /users/{username}/events (AP12): the activity feed, newest first. */
  Response listActivity(Request r) {
    return Response.ok(Representations.page(activities.listActivity(r.path("username"), r.page()),
        Representations::activity));
  }

  /**
   * POST /repos (AP13): creates a repository for the caller, or for an org the caller administers
   * ({@code owner}, default the caller).
   */
  Response createRepo(Request r) {
    String caller = r.requireCaller();
    String owner = r.string("owner");
    return Response.created(Representations.repository(repositories.createRepo(caller,
        owner == null ? caller : owner, r.requiredString("name"), r.string("description"), r.bool("private", false))));
  }

  /** GET /repos/{owner}/{repo} (AP14): one BatchGetItem; private repositories are 404 to non-members. */
  Response getRepo(Request r) {
    return Response.ok(Representations.repository(repositories.getRepo(r.caller(), r.path("owner"), r.path("repo"))));
  }

  /**
   * GET /users/{owner}/repos and GET /orgs/{org}/repos (AP15): Query GSI3, most recently updated
   * first; private repositories only for the owner and org members.
   */
  Response listAccountRepos(Request r) {
    String owner = r.pathOrNull("owner");
    if (owner == null) {
      owner = r.path("org");
      ForgeSegments.account("org", owner); // a bad name is reported as the route's own parameter, not "owner"
    }
    return Response.ok(Representations.page(repositories.listAccountRepos(r.caller(), owner, r.page()),
        Representations::repository));
  }

  /** POST /repos/{owner}/{repo}/forks (AP16): forks a public repository into the caller's account. */
  Response createFork(Request r) {
    return Response.created(Representations.repository(
        repositories.fork(r.requireCaller(), r.path("owner"), r.path("repo"))));
  }

  /** GET /repos/{owner}/{repo}/forks (AP17): Query GSI2 under the original repository. */
  Response listForks(Request r) {
    return Response.ok(Representations.page(repositories.listForks(r.caller(), r.path("owner"), r.path("repo"),
        r.page()), Representations::repository));
  }

  /** PUT /user/starred/{owner}/{repo} (AP18): star, idempotent; 204 either way. */
  Response star(Request r) {
    stars.star(r.requireCaller(), r.path("owner"), r.path("repo"));
    return Response.noContent();
  }

  /** DELETE /user/starred/{owner}/{repo} (AP19): unstar, idempotent; 204 either way. */
  Response unstar(Request r) {
    stars.unstar(r.requireCaller(), r.path("owner"), r.path("repo"));
    return Response.noContent();
  }

  /** GET /users/{username}/starred (AP20): Query the user's STAR# items; others do not see private ones. */
  Response listStarred(Request r) {
    return Response.ok(Representations.page(stars.listStarred(r.caller(), r.path("username"), r.page()),
        Representations::starredRepo));
  }

  /** GET /repos/{owner}/{repo}/stargazers (AP21): Query GSI1, the inverted side of stars. */
  Response listStargazers(Request r) {
    return Response.ok(Representations.page(stars.listStargazers(r.caller(), r.path("owner"), r.path("repo"),
        r.page()), Representations::stargazer));
  }

  /**
   * POST .../{issues|pulls} (AP22/AP32): opens an issue or pull request numbered from the
   * repository's shared counter. With an {@code Idempotency-Key} header a retried request answers the
   * first one's issue.
   */
  Response createTicket(TicketKind kind, Request r) {
    String caller = r.requireCaller();
    // Read before the body fields, so a bad key is the error reported first (as it always was).
    IdempotentRequest idempotent = r.idempotentRequest();
    return Response.created(Representations.ticket(tickets.create(kind, caller, r.path("owner"),
        r.path("repo"), r.string("title"), r.string("body"), r.string("head"), r.string("base"), idempotent)));
  }

  /** GET .../{number} (AP23/AP33): one BatchGetItem of the item, its repository and the caller's membership. */
  Response getTicket(TicketKind kind, Request r) {
    return Response.ok(Representations.ticket(tickets.get(kind, r.caller(), r.path("owner"),
        r.path("repo"), ForgeSegments.number("number", r.path("number")))));
  }

  /**
   * GET .../{issues|pulls}?state=open|closed|all (AP24-26/AP34-36): open newest first, closed oldest first,
   * all by number.
   */
  Response listTickets(TicketKind kind, Request r) {
    String state = r.query("state");
    return Response.ok(Representations.page(tickets.list(kind, r.caller(), r.path("owner"),
        r.path("repo"), state == null ? "open" : state, r.page()), Representations::ticket));
  }

  /** PATCH .../{number} (AP27/AP37): edit title and body, close, reopen or merge, under If-Match. */
  Response updateTicket(TicketKind kind, Request r) {
    String caller = r.requireCaller();
    int number = ForgeSegments.number("number", r.path("number"));
    TicketPatch patch = new TicketPatch(r.string("title"), r.string("body"), r.string("state"));
    return Response.ok(Representations.ticket(tickets.update(kind, caller, r.path("owner"),
        r.path("repo"), number, r.ifMatch(), patch)));
  }

  /**
   * POST .../{number}/comments (AP28/AP38): ConditionCheck the item + Put the comment in one
   * transaction (plus the idempotency record when the request has an {@code Idempotency-Key}).
   */
  Response createComment(TicketKind kind, Request r) {
    String caller = r.requireCaller();
    int number = ForgeSegments.number("number", r.path("number"));
    // Read before the body fields, so a bad key is the error reported first (as it always was).
    IdempotentRequest idempotent = r.idempotentRequest();
    return Response.created(Representations.comment(comments.create(kind, caller, r.path("owner"),
        r.path("repo"), number, r.string("body"), idempotent)));
  }

  /** GET .../{number}/comments (AP29/AP39): Query the repository's collection, oldest first. */
  Response listComments(TicketKind kind, Request r) {
    int number = ForgeSegments.number("number", r.path("number"));
    return Response.ok(Representations.page(comments.list(kind, r.caller(), r.path("owner"),
        r.path("repo"), number, r.page()), Representations::comment));
  }

  /** PUT .../{number}/reactions/{type} (AP30/AP40): react, idempotent; 204 either way. */
  Response react(TicketKind kind, Request r) {
    String caller = r.requireCaller();
    reactions.react(kind, caller, r.path("owner"), r.path("repo"),
        ForgeSegments.number("number", r.path("number")), r.path("type"));
    return Response.noContent();
  }

  /** DELETE .../{number}/reactions/{type} (AP31/AP41): remove a reaction, idempotent; 204 either way. */
  Response unreact(TicketKind kind, Request r) {
    String caller = r.requireCaller();
    reactions.unreact(kind, caller, r.path("owner"), r.path("repo"),
        ForgeSegments.number("number", r.path("number")), r.path("type"));
    return Response.noContent();
  }

  public Accounts accounts() {
    return accounts;
  }

  public Organizations organizations() {
    return organizations;
  }

  public Activities activities() {
    return activities;
  }

  public Repositories repositories() {
    return repositories;
  }

  public Stars stars() {
    return stars;
  }

  public Tickets tickets() {
    return tickets;
  }

  public Comments comments() {
    return comments;
  }

  public Reactions reactions() {
    return reactions;
  }
}

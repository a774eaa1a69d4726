package dev.monotable.forge;

import static dev.monotable.forge.ForgePattern.*;
import static dev.monotable.kit.catalog.DynamoAction.*;
import static dev.monotable.kit.schema.TableSchema.Gsi.GSI1;
import static dev.monotable.kit.schema.TableSchema.Gsi.GSI2;
import static dev.monotable.kit.schema.TableSchema.Gsi.GSI3;
import static dev.monotable.kit.schema.TableSchema.Gsi.GSI4;

import dev.monotable.forge.keys.ForgeSegments;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.forge.model.Invitation;
import dev.monotable.forge.model.Repository;
import dev.monotable.forge.model.Rules;
import dev.monotable.forge.model.Star;
import dev.monotable.forge.model.TicketState;
import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.BodyField;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.keys.Segments;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.kit.schema.TableSchema.Index;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Forge, the GitHub-like domain (contract: docs/forge/api-contract.md), as the kit sees it: one table with
 * four overloaded indexes, the access patterns of {@link ForgePattern}, its routes and its stream
 * consumers. The CDK stack (functions, routes, IAM) and the local service read these lists; nothing
 * else lists routes or stream handlers.
 */
public final class Forge implements Domain {

  /** The Forge table: four overloaded indexes (docs/forge/relationship-decisions.md). */
  public static final TableSchema SCHEMA = TableSchema.of(
      new Index(GSI1, "collections"),
      new Index(GSI2, "forks"),
      new Index(GSI3, "repositories of an account by last update"),
      new Index(GSI4, "issue and pull request state"));

  public static final Forge DOMAIN = new Forge();

  private static final String PKG = "dev.monotable.forge.functions.";
  private static final String STREAMS = PKG + "streams.";

  // Body fields (validation, docs and the bad-input suites read these declarations).
  /** A user or organization name that becomes part of a key. */
  private static final java.util.function.Function<String, BodyField> ACCOUNT = name ->
      BodyField.matching(name, ForgeSegments.ACCOUNT.pattern(), Rules.ACCOUNT_MAX).keySegment("account");
  /** An e-mail address that becomes part of a key: at least {@code a@b}. */
  private static final BodyField EMAIL = BodyField.email("email");
  private static final BodyField NAME = BodyField.text("name", 0, Rules.SHORT_TEXT_MAX);
  private static final BodyField BIO = BodyField.text("bio", 0, Rules.BODY_MAX);
  private static final BodyField ROLE = BodyField.oneOf("role", List.of("admin", "member"));
  private static final List<Endpoint> ENDPOINTS = build();

  private static final String ISSUE = TicketKind.ISSUE.type();
  private static final String PULL_REQUEST = TicketKind.PULL_REQUEST.type();
  private static final String ISSUE_COMMENT = TicketKind.ISSUE.commentType();
  private static final String PULL_REQUEST_COMMENT = TicketKind.PULL_REQUEST.commentType();

  /** ST1..ST4, docs/forge/api-contract.md#stream-effects. */
  private static final List<StreamHandlerDeclaration> STREAM_HANDLERS = List.of(
      // ST1: a conditional UpdateItem of the repository, only ever forward.
      StreamHandlerDeclaration.builder(STREAMS + "RepoUpdatedHandler").stream("ST1")
          .itemTypes(ISSUE, PULL_REQUEST, ISSUE_COMMENT, PULL_REQUEST_COMMENT)
          .eventNames("INSERT")
          .actions(UPDATE_ITEM)
          .build(),
      // ST2: reads the repository (private ones stay out of the public feed), puts Activity items.
      StreamHandlerDeclaration.builder(STREAMS + "ActivityFeedHandler").stream("ST2")
          .itemTypes(ISSUE, PULL_REQUEST, ISSUE_COMMENT, PULL_REQUEST_COMMENT, Star.TYPE, Repository.TYPE)
          .eventNames("INSERT")
          .actions(GET_ITEM, PUT_ITEM)
          .build(),
      // ST3: one transaction per record (receipt item + ADD CommentCount).
      StreamHandlerDeclaration.builder(STREAMS + "CommentCountHandler").stream("ST3")
          .itemTypes(ISSUE_COMMENT, PULL_REQUEST_COMMENT)
          .eventNames("INSERT", "REMOVE")
          .actions(PUT_ITEM, DELETE_ITEM, UPDATE_ITEM)
          .build(),
      // ST4: TTL deletions only; a user's delete of an invitation is not an expiry.
      StreamHandlerDeclaration.builder(STREAMS + "InvitationExpiredHandler").stream("ST4")
          .itemTypes(Invitation.TYPE)
          .eventNames("REMOVE")
          .ttlDeletionsOnly(true)
          .actions(PUT_ITEM)
          .build());

  private Forge() {}

  @Override
  public String name() {
    return "Forge";
  }

  /** Forge's services are {@code functions.Services}, not the default {@code ForgeServices}: the kit builds them. */
  @Override
  public String servicesClass() {
    return getClass().getPackageName() + ".functions.Services";
  }

  @Override
  public TableSchema schema() {
    return SCHEMA;
  }

  @Override
  public List<DeclaredPattern> accessPatterns() {
    return ForgePattern.ALL;
  }

  @Override
  public List<Endpoint> endpoints() {
    return ENDPOINTS;
  }

  @Override
  public List<StreamHandlerDeclaration> streams() {
    return STREAM_HANDLERS;
  }

  private static List<Endpoint> build() {
    List<Endpoint> l = new ArrayList<>();
    // Accounts
    l.add(ep("POST", "/users", "users.CreateUserHandler", Auth.REQUIRED, List.of(AP01), Set.of(PUT_ITEM))
        .withBody(ACCOUNT.apply("username").required(), EMAIL.required(), NAME, BIO));
    l.add(ep("GET", "/users/{username}", "users.GetUserHandler", Auth.NONE, List.of(AP02), Set.of(GET_ITEM)));
    l.add(ep("PATCH", "/users/{username}", "users.UpdateUserHandler", Auth.REQUIRED, List.of(AP03),
        Set.of(GET_ITEM, UPDATE_ITEM, PUT_ITEM, DELETE_ITEM))
        .withBody(NAME, BIO, EMAIL).ownedBy("username"));
    // Organizations
    l.add(ep("POST", "/orgs", "orgs.CreateOrgHandler", Auth.REQUIRED, List.of(AP04),
        Set.of(PUT_ITEM, CONDITION_CHECK_ITEM))
        .withBody(ACCOUNT.apply("org"), ACCOUNT.apply("login"), NAME, BodyField.text("description", 0,
            Rules.SHORT_TEXT_MAX)));
    l.add(ep("GET", "/orgs/{org}", "orgs.GetOrgHandler", Auth.NONE, List.of(AP05), Set.of(GET_ITEM)));
    l.add(ep("PUT", "/orgs/{org}/members/{username}", "orgs.PutMemberHandler", Auth.REQUIRED, List.of(AP06),
        Set.of(BATCH_GET_ITEM, CONDITION_CHECK_ITEM, PUT_ITEM, UPDATE_ITEM)).withBody(ROLE));
    l.add(ep("DELETE", "/orgs/{org}/members/{username}", "orgs.RemoveMemberHandler", Auth.REQUIRED,
        List.of(AP07), Set.of(GET_ITEM, CONDITION_CHECK_ITEM, DELETE_ITEM, UPDATE_ITEM)));
    l.add(ep("GET", "/orgs/{org}/members", "orgs.ListMembersHandler", Auth.NONE, List.of(AP08), Set.of(QUERY)));
    l.add(ep("GET", "/users/{username}/orgs", "orgs.ListUserOrgsHandler", Auth.NONE, List.of(AP09),
        Set.of(QUERY), Gsi.GSI1));
    l.add(ep("POST", "/orgs/{org}/invitations", "orgs.CreateInvitationHandler", Auth.REQUIRED, List.of(AP10),
        Set.of(CONDITION_CHECK_ITEM, PUT_ITEM)).withBody(EMAIL.required(), ROLE));
    l.add(ep("GET", "/orgs/{org}/invitations", "orgs.ListInvitationsHandler", Auth.REQUIRED, List.of(AP11),
        Set.of(GET_ITEM, QUERY)));
    l.add(ep("GET", "/users/{username}/events", "activity.ListActivityHandler", Auth.NONE, List.of(AP12),
        Set.of(QUERY)));
    // Repositories, forks, stars
    l.add(ep("POST", "/repos", "repos.CreateRepoHandler", Auth.REQUIRED, List.of(AP13),
        Set.of(CONDITION_CHECK_ITEM, PUT_ITEM))
        .withBody(BodyField.matching("name", ForgeSegments.REPO.pattern(), Rules.REPO_MAX).keySegment("repo").required(),
            ACCOUNT.apply("owner"), BodyField.text("description", 0, Rules.SHORT_TEXT_MAX), BodyField.bool("private")));
    l.add(ep("GET", "/repos/{owner}/{repo}", "repos.GetRepoHandler", Auth.OPTIONAL, List.of(AP14),
        Set.of(GET_ITEM, BATCH_GET_ITEM)));
    l.add(ep("GET", "/users/{owner}/repos", "repos.ListAccountReposHandler", Auth.OPTIONAL, List.of(AP15),
        Set.of(GET_ITEM, QUERY), Gsi.GSI3));
    l.add(ep("GET", "/orgs/{org}/repos", "repos.ListAccountReposHandler", Auth.OPTIONAL, List.of(AP15),
        Set.of(GET_ITEM, QUERY), Gsi.GSI3));
    l.add(ep("POST", "/repos/{owner}/{repo}/forks", "repos.CreateForkHandler", Auth.REQUIRED, List.of(AP16),
        Set.of(BATCH_GET_ITEM, PUT_ITEM, UPDATE_ITEM, CONDITION_CHECK_ITEM)));
    // GetItem: the caller's Membership for a private org repository; BatchGetItem: the one exception,
    // a fork's empty page (its own GSI2 entry lives under its original).
    l.add(ep("GET", "/repos/{owner}/{repo}/forks", "repos.ListForksHandler", Auth.OPTIONAL, List.of(AP17),
        Set.of(GET_ITEM, BATCH_GET_ITEM, QUERY), Gsi.GSI2));
    // BatchGetItem only when the first transaction is refused; ConditionCheck: the caller's profile
    // (and a member's Membership).
    l.add(ep("PUT", "/user/starred/{owner}/{repo}", "stars.StarHandler", Auth.REQUIRED, List.of(AP18),
        Set.of(BATCH_GET_ITEM, PUT_ITEM, UPDATE_ITEM, CONDITION_CHECK_ITEM)));
    // BatchGetItem only when there was no star to remove: a repository the caller may not see is 404.
    l.add(ep("DELETE", "/user/starred/{owner}/{repo}", "stars.UnstarHandler", Auth.REQUIRED, List.of(AP19),
        Set.of(DELETE_ITEM, UPDATE_ITEM, BATCH_GET_ITEM)));
    l.add(ep("GET", "/users/{username}/starred", "stars.ListStarredHandler", Auth.OPTIONAL, List.of(AP20),
        Set.of(QUERY)));
    l.add(ep("GET", "/repos/{owner}/{repo}/stargazers", "stars.ListStargazersHandler", Auth.OPTIONAL,
        List.of(AP21), Set.of(GET_ITEM, QUERY), Gsi.GSI1));
    // Issues (AP22-31) and pull requests (AP32-41): the same ten routes
    tickets(l, "issues", "Issue", List.of(AP22, AP23, AP24, AP25, AP26, AP27, AP28, AP29, AP30, AP31));
    tickets(l, "pulls", "PullRequest", List.of(AP32, AP33, AP34, AP35, AP36, AP37, AP38, AP39, AP40, AP41));
    l.add(Endpoint.health(AP42));
    return Collections.unmodifiableList(l);
  }

  private static void tickets(List<Endpoint> l, String segment, String noun, List<DeclaredPattern> ap) {
    String base = "/repos/{owner}/{repo}/" + segment;
    String pkg = "tickets.";
    // GetItem on the two creating routes: a retry with Idempotency-Key reads what the first request created.
    // BatchGetItem only when the first write is refused (or with Idempotency-Key); ConditionCheck: the
    // caller's profile (and Membership) in the ticket's transaction.
    BodyField title = BodyField.text("title", 1, Rules.TITLE_MAX).nonBlank();
    BodyField text = BodyField.text("body", 0, Rules.BODY_MAX);
    List<BodyField> created = new ArrayList<>(List.of(title.required(), text));
    List<String> states = new ArrayList<>(List.of(TicketState.OPEN.value(), TicketState.CLOSED.value()));
    if (segment.equals("pulls")) {
      for (String ref : List.of("head", "base")) {
        created.add(BodyField.text(ref, 1, Rules.REF_MAX).noControl().required());
      }
      states.add(TicketState.MERGED.value());
    }
    l.add(ep("POST", base, pkg + "Create" + noun + "Handler", Auth.REQUIRED, List.of(ap.get(0)),
        Set.of(BATCH_GET_ITEM, GET_ITEM, UPDATE_ITEM, PUT_ITEM, CONDITION_CHECK_ITEM))
        .withBody(created.toArray(BodyField[]::new)));
    // GetItem for anonymous callers and the owner, BatchGetItem with the caller's Membership for others.
    l.add(ep("GET", base + "/{number}", pkg + "Get" + noun + "Handler", Auth.OPTIONAL, List.of(ap.get(1)),
        Set.of(GET_ITEM, BATCH_GET_ITEM)));
    // GetItem: the caller's Membership for a private org repository; BatchGetItem: the repository for
    // items written before the visibility copy, until the backfill fills it.
    l.add(ep("GET", base, pkg + "List" + noun + "sHandler", Auth.OPTIONAL,
        List.of(ap.get(2), ap.get(3), ap.get(4)), Set.of(GET_ITEM, BATCH_GET_ITEM, QUERY), Gsi.GSI1, Gsi.GSI4));
    l.add(ep("PATCH", base + "/{number}", pkg + "Update" + noun + "Handler", Auth.REQUIRED, List.of(ap.get(5)),
        Set.of(BATCH_GET_ITEM, UPDATE_ITEM)).withBody(title, text, BodyField.oneOf("state", states)));
    l.add(ep("POST", base + "/{number}/comments", pkg + "Create" + noun + "CommentHandler", Auth.REQUIRED,
        List.of(ap.get(6)), Set.of(BATCH_GET_ITEM, GET_ITEM, CONDITION_CHECK_ITEM, PUT_ITEM))
        .withBody(BodyField.text("body", 1, Rules.BODY_MAX).nonBlank().required()));
    l.add(ep("GET", base + "/{number}/comments", pkg + "List" + noun + "CommentsHandler", Auth.OPTIONAL,
        List.of(ap.get(7)), Set.of(GET_ITEM, BATCH_GET_ITEM, QUERY)));
    // Comments and reactions: BatchGetItem only when the first transaction is refused; ConditionCheck:
    // the caller's profile (and a member's Membership).
    l.add(ep("PUT", base + "/{number}/reactions/{type}", pkg + "Put" + noun + "ReactionHandler", Auth.REQUIRED,
        List.of(ap.get(8)), Set.of(BATCH_GET_ITEM, PUT_ITEM, UPDATE_ITEM, CONDITION_CHECK_ITEM)));
    l.add(ep("DELETE", base + "/{number}/reactions/{type}", pkg + "Delete" + noun + "ReactionHandler",
        Auth.REQUIRED, List.of(ap.get(9)), Set.of(BATCH_GET_ITEM, DELETE_ITEM, UPDATE_ITEM, CONDITION_CHECK_ITEM)));
  }

  /**
   * A route served by a method of {@code Services} ({@code Services.routes()}), its function named and placed as
   * the handler class that served it before: {@code "users.CreateUserHandler"} is function
   * {@code CreateUserHandler} in area {@code users} (its nested stack and docs tag), so no deployed function is
   * replaced and no metric renamed. Routes of one name share a function (AP15's two routes).
   */
  private static Endpoint ep(String method, String path, String function, Auth auth,
      List<DeclaredPattern> patterns, Set<DynamoAction> actions, Gsi... indexes) {
    Set<Gsi> idx = indexes.length == 0 ? EnumSet.noneOf(Gsi.class) : EnumSet.of(indexes[0], indexes);
    int dot = function.indexOf('.');
    return new Endpoint(method, path, Endpoint.ROUTE_HANDLER, auth, List.<AccessPatternSpec>copyOf(patterns),
        actions.isEmpty() ? EnumSet.noneOf(DynamoAction.class) : EnumSet.copyOf(actions), idx)
        .named(function.substring(dot + 1), function.substring(0, dot));
  }
}

package dev.monotable.forge.docs;

import static dev.monotable.kit.docs.ApiShape.create;
import static dev.monotable.kit.docs.ApiShape.empty;
import static dev.monotable.kit.docs.ApiShape.list;
import static dev.monotable.kit.docs.ApiShape.read;
import static dev.monotable.kit.docs.JsonSchema.atLeast;
import static dev.monotable.kit.docs.JsonSchema.described;
import static dev.monotable.kit.docs.JsonSchema.enumOf;
import static dev.monotable.kit.docs.JsonSchema.integer;
import static dev.monotable.kit.docs.JsonSchema.nullable;
import static dev.monotable.kit.docs.JsonSchema.nullableString;
import static dev.monotable.kit.docs.JsonSchema.object;
import static dev.monotable.kit.docs.JsonSchema.page;
import static dev.monotable.kit.docs.JsonSchema.paging;
import static dev.monotable.kit.docs.JsonSchema.pattern;
import static dev.monotable.kit.docs.JsonSchema.record;
import static dev.monotable.kit.docs.JsonSchema.ref;
import static dev.monotable.kit.docs.JsonSchema.string;
import static dev.monotable.kit.docs.JsonSchema.timestamp;
import static dev.monotable.kit.docs.JsonSchema.type;

import dev.monotable.kit.catalog.BodyField;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.docs.ApiShape;
import dev.monotable.kit.docs.JsonSchema;
import dev.monotable.forge.data.Tickets;
import dev.monotable.forge.keys.ReactionTypes;
import dev.monotable.forge.keys.ForgeSegments;
import dev.monotable.kit.keys.Segments;
import dev.monotable.forge.model.Role;
import dev.monotable.forge.model.Rules;
import dev.monotable.forge.model.TicketState;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the endpoint catalog does not say about a route: its request body, its success answer and
 * its query parameters, as JSON Schema (the subset OpenAPI 3.1 uses and the e2e suite checks every
 * answer against). The wire shapes are those of {@code forge/functions/http/Representations}; the
 * request bodies are the endpoints' {@link Endpoint#body()}, the one declaration the handlers enforce; the
 * limits come from {@link Rules} and {@link Segments}, so they follow the code. The schema builders,
 * the page of a list and the error body are the kit's ({@link JsonSchema}). Keyed by handler simple
 * name: a handler has one shape whatever route serves it.
 */
public final class ApiShapes {

  private ApiShapes() {}

  // ---- shapes ----------------------------------------------------------------------------------

  static Map<String, Object> account() {
    return pattern(ForgeSegments.ACCOUNT.pattern());
  }

  static Map<String, Object> repoName() {
    return pattern(ForgeSegments.REPO.pattern());
  }

  static Map<String, Object> email() {
    return string(3, Segments.EMAIL_MAX);
  }

  static List<String> roles() {
    return Arrays.stream(Role.values()).map(Role::value).toList();
  }

  /** Component schemas, in the order the document lists them (after the kit's error body). */
  public static Map<String, Map<String, Object>> components() {
    Map<String, Map<String, Object>> c = new LinkedHashMap<>();
    c.put("User", record("username", account(), "email", email(), "name", nullableString(), "bio", nullableString(),
        "createdAt", timestamp(), "updatedAt", timestamp(), "version", atLeast(1)));
    c.put("Organization", record("org", account(), "login", account(), "name", nullableString(),
        "description", nullableString(), "createdAt", timestamp(), "updatedAt", timestamp(),
        "version", atLeast(1)));
    c.put("Membership", record("org", account(), "username", account(), "role", enumOf(roles()),
        "createdAt", timestamp(), "updatedAt", timestamp(), "version", atLeast(1)));
    c.put("Invitation", record("org", account(), "email", email(), "role", enumOf(roles()),
        "invitedBy", account(), "createdAt", timestamp(), "expiresAt", timestamp()));
    // An expired invitation (ST4) has no actor (DynamoDB's TTL deleted it) and no repository owner.
    c.put("Activity", record("id", string(), "event", string(), "actor", nullable(account()), "owner", nullable(account()),
        "repo", type(List.of("string", "null")), "number", type(List.of("integer", "null")),
        "summary", nullableString(), "createdAt", timestamp()));
    c.put("RepoRef", record("owner", account(), "name", repoName(), "fullName", string()));
    Map<String, Object> forkOf = new LinkedHashMap<>();
    forkOf.put("oneOf", List.of(ref("RepoRef"), type("null")));
    c.put("Repository", record("owner", account(), "name", repoName(), "fullName", string(),
        "description", nullableString(), "private", type("boolean"), "fork", type("boolean"), "forkOf", forkOf,
        "starCount", atLeast(0), "forkCount", atLeast(0),
        "createdAt", timestamp(), "updatedAt", timestamp(), "version", atLeast(1)));
    List<Object> reactions = new ArrayList<>();
    for (String t : ReactionTypes.ALL) {
      reactions.add(t);
      reactions.add(atLeast(0));
    }
    Map<String, Object> reactionCounts = record(reactions.toArray());
    c.put("Issue", ticket(List.of(TicketState.OPEN.value(), TicketState.CLOSED.value()), reactionCounts, false));
    c.put("PullRequest", ticket(Arrays.stream(TicketState.values()).map(TicketState::value).toList(),
        reactionCounts, true));
    c.put("Comment", record("id", string(), "owner", account(), "repo", repoName(),
        "number", integer(1, ForgeSegments.MAX_NUMBER), "author", account(), "body", string(),
        "createdAt", timestamp(), "updatedAt", timestamp(), "version", atLeast(1)));
    c.put("StarredRepository", record("owner", account(), "name", repoName(), "fullName", string(),
        "starredAt", timestamp()));
    c.put("Stargazer", record("username", account(), "starredAt", timestamp()));
    c.put("Health", record("status", enumOf(List.of("ok")), "table", string(), "endpoint", string()));
    return c;
  }

  private static Map<String, Object> ticket(List<String> states, Map<String, Object> reactions, boolean pull) {
    List<Object> fields = new ArrayList<>(List.of("owner", account(), "repo", repoName(),
        "number", integer(1, ForgeSegments.MAX_NUMBER), "title", string(1, Rules.TITLE_MAX), "body", nullableString(),
        "state", enumOf(states), "author", account()));
    if (pull) {
      fields.addAll(List.of("head", string(1, Rules.REF_MAX), "base", string(1, Rules.REF_MAX)));
    }
    fields.addAll(List.of("commentCount", atLeast(0), "reactions", reactions,
        "createdAt", timestamp(), "updatedAt", timestamp(), "version", atLeast(1)));
    return record(fields.toArray());
  }

  /** What the docs add to a body field, by name: the fields themselves are the endpoint's. */
  private static final Map<String, String> FIELD_NOTES = Map.of(
      "username", "must be your own (the token's username claim)",
      "org", "the organization's name (login is accepted too)",
      "owner", "you (default) or an organization you administer",
      "role", "default member");

  /**
   * The request body of a route as its endpoint declares it ({@link Endpoint#body()}: names in
   * order, kinds, limits, which are required), each field with its {@link #FIELD_NOTES}; open (a
   * field the route does not take is a 400 the contract describes).
   */
  static Map<String, Object> body(Endpoint e) {
    List<BodyField> fields = e.body();
    if (fields.isEmpty()) {
      throw new IllegalStateException(e.routeKey() + " declares no body");
    }
    List<Object> pairs = new ArrayList<>();
    for (BodyField f : fields) {
      String note = FIELD_NOTES.get(f.name());
      pairs.add(f.name());
      pairs.add(note == null ? JsonSchema.field(f) : described(JsonSchema.field(f), note));
    }
    return object(fields.stream().filter(BodyField::mandatory).map(BodyField::name).toList(), pairs.toArray());
  }

  /** Schema of a path parameter by name; every catalog parameter must have one. */
  public static Map<String, Object> pathParameter(String name) {
    return switch (name) {
      case "username", "owner", "org" -> account();
      case "repo" -> repoName();
      case "number" -> integer(1, ForgeSegments.MAX_NUMBER);
      case "type" -> enumOf(ReactionTypes.ALL);
      default -> throw new IllegalStateException("path parameter {" + name + "} has no schema in ApiShapes");
    };
  }

  /** The shape of the handler serving {@code e}. */
  public static ApiShape of(Endpoint e) {
    String h = e.handlerName();
    String kind = h.contains("Pull") ? "PullRequest" : "Issue";
    String noun = h.contains("Pull") ? "pull request" : "issue";
    return switch (h) {
      case "CreateUserHandler" -> create("create your own profile", "User", body(e));
      case "GetUserHandler" -> read("get a user", ref("User"));
      case "UpdateUserHandler" -> new ApiShape("update your profile", 200, ref("User"), body(e), true, Map.of(), true);
      case "CreateOrgHandler" -> create("create an organization; you become its admin", "Organization", body(e));
      case "GetOrgHandler" -> read("get an organization", ref("Organization"));
      case "PutMemberHandler" -> new ApiShape("add a member or change a role (admins only)", 200, ref("Membership"),
          body(e), false, Map.of(), false);
      case "RemoveMemberHandler" -> empty("remove a member (admins only; never the last admin)");
      case "ListMembersHandler" -> list("list an organization's members", "Membership");
      case "ListUserOrgsHandler" -> list("list a user's organizations", "Membership");
      case "CreateInvitationHandler" -> create("invite an e-mail address for 7 days (admins only)", "Invitation",
          body(e));
      case "ListInvitationsHandler" -> list("pending invitations (admins only)", "Invitation");
      case "ListActivityHandler" -> list("a user's activity feed, newest first", "Activity");
      case "CreateRepoHandler" -> create("create a repository", "Repository", body(e));
      case "GetRepoHandler" -> read("get a repository", ref("Repository"));
      case "ListAccountReposHandler" -> list("an account's repositories, most recently updated first",
          "Repository");
      case "CreateForkHandler" -> create("fork a public repository into your account", "Repository", null);
      case "ListForksHandler" -> list("list a repository's forks", "Repository");
      case "StarHandler" -> empty("star a repository (idempotent)");
      case "UnstarHandler" -> empty("unstar a repository (idempotent; 404 when it is missing or private to the caller)");
      case "ListStarredHandler" -> list("repositories a user starred", "StarredRepository");
      case "ListStargazersHandler" -> list("who starred a repository", "Stargazer");
      case "CreateIssueHandler", "CreatePullRequestHandler" -> create("open " + (kind.equals("Issue") ? "an " : "a ")
          + noun, kind, body(e));
      case "GetIssueHandler", "GetPullRequestHandler" -> read("get " + (kind.equals("Issue") ? "an " : "a ") + noun,
          ref(kind));
      case "ListIssuesHandler", "ListPullRequestsHandler" -> new ApiShape("list " + noun + "s by state", 200, page(kind), null,
          false, paging(Map.of("state", described(enumOf(List.of(Tickets.STATE_OPEN, Tickets.STATE_CLOSED,
              Tickets.STATE_ALL)), "default open (newest first); closed oldest first; all by number"
              + (kind.equals("PullRequest") ? "; closed includes merged" : "")))), false);
      case "UpdateIssueHandler", "UpdatePullRequestHandler" -> new ApiShape("edit or change the state of "
          + (kind.equals("Issue") ? "an " : "a ") + noun, 200, ref(kind), body(e), true, Map.of(), true);
      case "CreateIssueCommentHandler", "CreatePullRequestCommentHandler" -> create("comment on " + (kind.equals("Issue")
          ? "an " : "a ") + noun, "Comment", body(e));
      case "ListIssueCommentsHandler", "ListPullRequestCommentsHandler" -> list("comments, oldest first", "Comment");
      case "PutIssueReactionHandler", "PutPullRequestReactionHandler" -> empty("react (idempotent)");
      case "DeleteIssueReactionHandler", "DeletePullRequestReactionHandler" -> empty("remove your reaction (idempotent)");
      case "HealthHandler" -> read("liveness, table name and endpoint", ref("Health"));
      default -> throw new IllegalStateException(e.routeKey() + ": " + h + " has no shape in ApiShapes");
    };
  }
}

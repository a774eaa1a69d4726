package dev.monotable.forge.docs;

import dev.monotable.forge.Forge;
import dev.monotable.forge.charts.Relationships;
import dev.monotable.forge.keys.ForgeSegments;
import dev.monotable.forge.keys.ReactionTypes;
import dev.monotable.forge.model.Rules;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.charts.ChartTypes.Relationship;
import dev.monotable.kit.docs.ApiShape;
import dev.monotable.kit.docs.DocsDomain;
import dev.monotable.kit.docs.Markdown;
import dev.monotable.kit.keys.Segments;
import dev.monotable.kit.tools.DevDomain;
import dev.monotable.kit.tools.DevFacet;
import java.util.List;
import java.util.Map;

/**
 * Forge's declarations for the kit's docs generator, which writes them into {@code docs/forge/}
 * beside Forge's written docs; the ERD edges are {@link Relationships}', the wire shapes {@link ApiShapes}', and
 * the passages below are the parts of docs/forge/api-contract.md and the other generated files that speak
 * of Forge's accounts, repositories and rules.
 */
public final class ForgeDocs extends DevFacet implements DocsDomain {

  public ForgeDocs(DevDomain dev) {
    super(dev);
  }

  @Override
  public List<Relationship> relationships() {
    return Relationships.all();
  }

  @Override
  public String keySegments() {
    return "Key segments: `{username}`, `{org}`, `{owner}` are lower-cased account names, `{repo}` a "
        + "lower-cased repository name, `{email}` a lower-cased address, `{n8}` a number zero-padded to 8 "
        + "digits, `{rev8}` 99999999 - n padded to 8, `{ts}` an ISO-8601 UTC timestamp with milliseconds, "
        + "`{id}` a ULID, `{type}` a reaction type. Entities with variants (open or closed, fork or not) "
        + "get one row per variant where their keys differ.";
  }

  @Override
  public String erdNotes() {
    return "docs/forge/relationship-decisions.md explains each strategy.";
  }

  @Override
  public String routeSource() {
    return "Forge.endpoints()";
  }

  @Override
  public String optionalAuthUse() {
    return "private repositories";
  }

  @Override
  public ApiShape shape(Endpoint endpoint) {
    return ApiShapes.of(endpoint);
  }

  @Override
  public Map<String, Map<String, Object>> schemas() {
    return ApiShapes.components();
  }

  @Override
  public Map<String, Object> pathParameter(String name) {
    return ApiShapes.pathParameter(name);
  }

  @Override
  public String openApiSources() {
    return "the endpoint catalog (functions/forge/.../forge/Forge) and docs/ApiShapes";
  }

  @Override
  public String contractIntro() {
    return """
        What the Forge HTTP API promises and what the code enforces. The route list, auth modes, access
        patterns, request fields and limits below are generated from the code (`Forge`,
        `ForgePattern`, `Rules`, `Segments`, `PageRequest`, and `scripts/.../docs/ApiShapes` for the
        wire shapes); the same facts are in machine-readable form in [openapi.json](openapi.json), which
        the end-to-end suite checks every answer against. Keys and items are in
        [entity-chart.md](entity-chart.md), the DynamoDB request behind each pattern in
        [access-patterns.md](access-patterns.md), and the reasons for the modelling choices in
        [relationship-decisions.md](relationship-decisions.md).""";
  }

  @Override
  public String requestBudget() {
    return """
        - Reads are one DynamoDB request; a list whose visibility depends on the caller's org membership
          may first read that one membership item. Writes use the fewest requests, with permission checks
          inside the same transaction as condition checks where they can be (`RequestBudgetTest` pins the
          counts).""";
  }

  @Override
  public String notFoundCase() {
    return "no such thing, or a private repository (and anything under it) the caller may not see";
  }

  @Override
  public String conflictCase() {
    return "conflicts with the current state (a taken name or e-mail, the last admin, a merged pull request); "
        + "`field` names what clashed";
  }

  @Override
  public String notFoundResponse() {
    return "not found (also a private repository the caller may not see)";
  }

  @Override
  public String inputRulesIntro() {
    return """
        Every value that becomes part of a key is checked before any request (`Segments`), so no input can
        change the structure of a key; the other values by `Rules`. Names are case-insensitive: keys hold
        the lower-case form, items keep what the user typed.""";
  }

  @Override
  public List<InputRule> inputRules() {
    return List.of(
        new InputRule("username, org, owner", "matches " + Markdown.code(ForgeSegments.ACCOUNT.pattern())),
        new InputRule("repo", "matches " + Markdown.code(ForgeSegments.REPO.pattern()) + ", and is not `.` or `..`"),
        new InputRule("email", "exactly one `@` with text on both sides, at most " + Segments.EMAIL_MAX
            + " characters; stored lower-case"),
        new InputRule("number (path)", "1.." + ForgeSegments.MAX_NUMBER + ", ASCII digits"),
        new InputRule("type (reaction)", "one of " + String.join(" ", ReactionTypes.ALL.stream()
            .map(Markdown::code).toList())),
        new InputRule("title", "1.." + Rules.TITLE_MAX + " characters"),
        new InputRule("body, bio", "at most " + Rules.BODY_MAX + " characters (a comment body at least 1)"),
        new InputRule("name, description", "at most " + Rules.SHORT_TEXT_MAX + " characters"),
        new InputRule("head, base (pull requests)", "1.." + Rules.REF_MAX + " characters, no control characters"),
        new InputRule("state (PATCH)", "issues `open`, `closed`; pull requests also `merged`, which is final"),
        new InputRule("request body", "a JSON object of at most 1 MiB; fields the route does not know are ignored"));
  }

  @Override
  public String permissions() {
    return """
        - `REQUIRED` routes need `Authorization: Bearer <JWT>`; the caller is the token's `username` claim.
          Deployed, API Gateway's JWT authorizer checks the token before the function runs; locally,
          `scripts/dev` does the same with the key pair in `.local/`.
        - `OPTIONAL` routes answer anonymous callers; a valid token widens what is visible (private
          repositories of the caller and of their orgs), an invalid one is a 401. The function verifies
          the token itself (no authorizer on these routes).
        - `NONE` routes read no token and show only public data.
        - You create and edit only your own profile (`POST /users` with your own username), and star,
          react and comment as yourself; only your own star or reaction is removed by your DELETE.
        - Any authenticated user may open issues and pull requests, comment and react on repositories
          they can see, star them, and fork public ones into their own account.
        - Organization admins add and remove members, change roles, invite, see invitations and create
          the organization's repositories; an organization always keeps at least one admin.
        - The repository owner (for an organization's repository, any member of the organization) may
          edit, close and reopen any issue or pull request, and merge an open pull request; an author may
          edit, close and reopen their own but not merge. A merged pull request stays merged (409).
        - A private repository, and everything under it, is 404 to anyone but its owner and the members
          of its organization: its existence is not revealed.""";
  }

  @Override
  public String streamEffects() {
    return """
        Some consequences of a write are applied afterwards by handlers of the table's stream
        (NEW_AND_OLD_IMAGES), never by the request itself. Which handlers are deployed is declared in
        `infra/.../StreamHandlers`; the contract they follow:

        | trigger | effect |
        |---|---|
        | a new issue, pull request or comment | the repository's `updatedAt` (and its place in the account's repository list) moves forward to the event time, never backward |
        | a new issue, pull request, comment, star or fork | an activity entry in the repository owner's feed (and the actor's), kept 90 days |
        | a comment added or removed | the issue's or pull request's `commentCount`, exactly once per record even when a batch is delivered again |
        | an invitation deleted by TTL (after 7 days) | an "invitation expired" activity entry in the organization's feed |

        A record that cannot be processed is reported as a batch item failure: it never blocks the shard
        and never loses the rest of the batch. Until its handler runs, a feed or counter may lag the write
        that caused it.""";
  }
}

package dev.monotable.forge.e2e;

import static dev.monotable.forge.e2e.TicketFixtures.expectError;
import static dev.monotable.forge.e2e.TicketFixtures.field;
import static dev.monotable.forge.e2e.TicketFixtures.n;
import static dev.monotable.forge.e2e.TicketFixtures.path;
import static dev.monotable.forge.e2e.TicketFixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.monotable.forge.e2e.Forge.Reply;
import dev.monotable.kit.keys.Key;
import dev.monotable.testing.TestTable;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Issues and pull requests of organization-owned repositories: any org member maintains them
 * (edit, close, merge anything), authors keep their own, and a private org repository with
 * everything under it answers 404 to non-members. The org and its repositories are created
 * through the API: POST /orgs, PUT member, POST /repos with owner = org.
 */
@ExtendWith(ForgeExtension.class)
class OrgTicketsE2ETest {
  private static final String ORG = "Org-Tix";
  private static final String ADMIN = "orgt-admin";
  private static final String MEMBER = "orgt-member";
  private static final String OUTSIDER = "orgt-outsider";
  private static final String STRANGER = "orgt-stranger";

  private Forge forge;
  private TestTable table;
  private TicketFixtures fx;

  @BeforeAll
  static void organization(Forge forge) {
    TicketFixtures fx = new TicketFixtures(forge);
    for (String u : new String[] {ADMIN, MEMBER, OUTSIDER, STRANGER}) {
      fx.user(u);
    }
    fx.org(ADMIN, ORG);
    fx.member(ADMIN, ORG, MEMBER);
  }

  @BeforeEach
  void setUp(Forge forge, TestTable table) {
    this.forge = forge;
    this.table = table;
    this.fx = new TicketFixtures(forge);
  }

  @Test
  void update_shouldLetPlainMemberCloseAnyIssue_whenRepoOwnedByOrg() {
    // GIVEN an issue an outsider opened on a public org repository
    fx.repo(ADMIN, ORG, "site", false);
    int number = fx.issue(OUTSIDER, ORG, "site", "broken link");
    String p = path(ORG, "site", "issues") + "/" + number;
    Key key = new Key("ISSUE#org-tix#site#00000001", "ISSUE#org-tix#site#00000001");
    assertEquals("Org-Tix", s(fx.item(key), "Owner"));
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    // WHEN a user outside the org (not the author) closes it THEN 403
    expectError(forge.patch(p).as(STRANGER).json("state", "closed"), 403, null);
    fx.assertUnchanged(before);

    // WHEN a plain member (not admin, not author) closes it THEN 200 and the closed GSI4 key
    Reply closed = forge.patch(p).as(MEMBER).ifMatch(1).json("state", "closed").send();
    assertEquals(200, closed.status(), closed::toString);
    Map<String, AttributeValue> item = fx.item(key);
    assertEquals("closed", s(item, "State"));
    assertEquals("#ISSUE#CLOSED#00000001", s(item, "GSI4SK"));
    assertEquals("REPO#org-tix#site", s(item, "GSI4PK"));
    assertEquals(2, n(item, "Version"));

    // AND the admin edits it, and the author may still reopen it
    assertEquals(200, forge.patch(p).as(ADMIN).ifMatch(2).json("title", "broken link on /about").send().status());
    Reply reopened = forge.patch(p).as(OUTSIDER).ifMatch(3).json("state", "open").send();
    assertEquals(200, reopened.status(), reopened::toString);
    assertEquals("ISSUE#OPEN#99999998", s(fx.item(key), "GSI4SK"));
  }

  @Test
  void update_shouldLetMemberMergeButNotAuthor_whenPullOnOrgRepo() {
    fx.repo(ADMIN, ORG, "lib", false);
    int number = fx.pull(OUTSIDER, ORG, "lib", "contribution");
    String p = path(ORG, "lib", "pulls") + "/" + number;
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    expectError(forge.patch(p).as(OUTSIDER).json("state", "merged"), 403, null);
    expectError(forge.patch(p).as(STRANGER).json("state", "merged"), 403, null);
    fx.assertUnchanged(before);

    Reply merged = forge.patch(p).as(MEMBER).ifMatch(1).json("state", "merged").send();
    assertEquals(200, merged.status(), merged::toString);
    Map<String, AttributeValue> item = fx.item(new Key("PR#org-tix#lib#00000001", "PR#org-tix#lib#00000001"));
    assertEquals("merged", s(item, "State"));
    assertEquals("#PR#CLOSED#00000001", s(item, "GSI4SK"));
    forge.awaitIndexes(); // the closed pull requests are an index (GSI4)
    Reply closedList = forge.get(path(ORG, "lib", "pulls")).query("state", "closed").send();
    assertEquals(List.of(1L), field(closedList.items(), "number"));
  }

  @Test
  void privateOrgRepo_shouldAnswer404ToNonMembersOnEveryRoute_whileMembersWork() {
    // GIVEN a private org repository where a member opened an issue and a pull request, and commented
    fx.repo(ADMIN, ORG, "vault", true);
    int issue = fx.issue(MEMBER, ORG, "vault", "internal");
    int pull = fx.pull(MEMBER, ORG, "vault", "internal change");
    fx.comment(MEMBER, ORG, "vault", "issues", issue, "note");
    String issues = path(ORG, "vault", "issues");
    String pulls = path(ORG, "vault", "pulls");
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    // WHEN a non-member (or an anonymous reader) tries any issue or pull-request route THEN 404
    for (String who : new String[] {OUTSIDER, null}) {
      expectError(as(forge.get(issues), who), 404, null);
      expectError(as(forge.get(issues).query("state", "all"), who), 404, null);
      expectError(as(forge.get(issues + "/" + issue), who), 404, null);
      expectError(as(forge.get(issues + "/" + issue + "/comments"), who), 404, null);
      expectError(as(forge.get(pulls).query("state", "closed"), who), 404, null);
      expectError(as(forge.get(pulls + "/" + pull), who), 404, null);
      expectError(as(forge.get(pulls + "/" + pull + "/comments"), who), 404, null);
    }
    expectError(forge.post(issues).as(OUTSIDER).json("title", "let me in"), 404, null);
    expectError(forge.post(pulls).as(OUTSIDER).json("title", "t", "head", "f", "base", "main"), 404, null);
    expectError(forge.patch(issues + "/" + issue).as(OUTSIDER).json("state", "closed"), 404, null);
    expectError(forge.patch(pulls + "/" + pull).as(OUTSIDER).json("state", "merged"), 404, null);
    expectError(forge.post(issues + "/" + issue + "/comments").as(OUTSIDER).json("body", "hi"), 404, null);
    expectError(forge.put(issues + "/" + issue + "/reactions/eyes").as(OUTSIDER), 404, null);
    expectError(forge.put(pulls + "/" + pull + "/reactions/eyes").as(OUTSIDER), 404, null);
    // THEN nothing was written, not even a consumed number
    fx.assertUnchanged(before);

    // WHEN members and the admin use the same routes THEN they work
    Reply list = forge.get(issues).as(ADMIN).send();
    assertEquals(200, list.status(), list::toString);
    assertEquals(List.of("internal"), field(list.items(), "title"));
    assertEquals(200, forge.get(pulls + "/" + pull).as(MEMBER).send().status());
    assertEquals(List.of("note"), field(forge.get(issues + "/1/comments").as(ADMIN).send().items(), "body"));
    assertEquals(204, forge.put(issues + "/" + issue + "/reactions/eyes").as(ADMIN).send().status());
    assertEquals(3, fx.issue(ADMIN, ORG, "vault", "next number"));
  }

  @Test
  void privateOrgRepo_shouldAnswer404_whenMemberWasRemoved() {
    // GIVEN a second member who opened an issue on a private org repository, then was removed
    fx.user("orgt-leaver");
    fx.member(ADMIN, ORG, "orgt-leaver");
    fx.repo(ADMIN, ORG, "archive", true);
    int number = fx.issue("orgt-leaver", ORG, "archive", "my last issue");
    Reply removed = forge.delete("/orgs/" + ORG + "/members/orgt-leaver").as(ADMIN).send();
    assertEquals(204, removed.status(), removed::toString);
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    // WHEN the former member reads or edits their own issue THEN 404: authorship grants no visibility
    expectError(forge.get(path(ORG, "archive", "issues") + "/" + number).as("orgt-leaver"), 404, null);
    expectError(forge.patch(path(ORG, "archive", "issues") + "/" + number).as("orgt-leaver").json("title", "x"),
        404, null);
    fx.assertUnchanged(before);
  }

  private static Forge.Call as(Forge.Call call, String who) {
    return who == null ? call : call.as(who);
  }
}

package dev.monotable.forge.e2e;

import static dev.monotable.forge.e2e.TicketFixtures.expectError;
import static dev.monotable.forge.e2e.TicketFixtures.field;
import static dev.monotable.forge.e2e.TicketFixtures.path;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.monotable.forge.e2e.Forge.Reply;
import dev.monotable.kit.json.Json;
import dev.monotable.testing.TestTable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Issue and pull-request lists over HTTP (AP24-26, AP34-36): open newest first, closed oldest
 * first (pull requests: merged included), all by number, each followed page by page to the end,
 * and the cursor, limit and state errors.
 *
 * <p>One board repository, built once, interleaves issues and pull requests from the shared
 * counter and closes them out of number order, so the closed order is provably by number and not
 * by closing time. The tests only read it.
 */
@ExtendWith(ForgeExtension.class)
class TicketListsE2ETest {
  private static final String OWNER = "lists-own";
  private static final String REPO = "board";
  /** Issues 1, 2, 4, 5, 6, 7, 9, 10, 11, 15; pull requests 3, 8, 12, 13, 14, 16, 17. */
  private static final int[] ISSUES = {1, 2, 4, 5, 6, 7, 9, 10, 11, 15};
  private static final String ISSUES_PATH = path(OWNER, REPO, "issues");
  private static final String PULLS_PATH = path(OWNER, REPO, "pulls");

  private Forge forge;
  private TestTable table;
  private TicketFixtures fx;

  @BeforeAll
  static void board(Forge forge) {
    TicketFixtures fx = new TicketFixtures(forge);
    fx.user(OWNER);
    fx.repo(OWNER, OWNER, REPO, false);
    for (int n = 1; n <= 17; n++) {
      boolean issue = Arrays.binarySearch(ISSUES, n) >= 0;
      int got = issue ? fx.issue(OWNER, OWNER, REPO, "ticket " + n) : fx.pull(OWNER, OWNER, REPO, "ticket " + n);
      assertEquals(n, got);
    }
    // Closed out of number order: the closed list must still come back 2, 4, 6, 10, 11.
    for (int n : new int[] {10, 2, 6, 4, 11}) {
      fx.setState(OWNER, OWNER, REPO, "issues", n, "closed");
    }
    fx.setState(OWNER, OWNER, REPO, "pulls", 12, "merged");
    fx.setState(OWNER, OWNER, REPO, "pulls", 3, "closed");
    fx.setState(OWNER, OWNER, REPO, "pulls", 8, "merged");
    forge.awaitIndexes(); // every list of the board is an index (GSI1, GSI4)
  }

  @BeforeEach
  void setUp(Forge forge, TestTable table) {
    this.forge = forge;
    this.table = table;
    this.fx = new TicketFixtures(forge);
  }

  // ---- issues -----------------------------------------------------------------------------------

  @Test
  void listIssues_shouldReturnOpenNewestFirstAcrossPages_whenStateOmitted() {
    List<Object> numbers = field(fx.pages(ISSUES_PATH, null, Map.of("limit", "2"), 2, 2, 1), "number");

    assertEquals(List.of(15L, 9L, 7L, 5L, 1L), numbers);
    List<Object> explicit = field(fx.pages(ISSUES_PATH, OWNER, Map.of("limit", "2", "state", "open"), 2, 2, 1),
        "number");
    assertEquals(numbers, explicit);
    List<Object> titles = field(fx.pages(ISSUES_PATH, null, Map.of("limit", "3"), 3, 2), "title");
    assertEquals(List.of("ticket 15", "ticket 9", "ticket 7", "ticket 5", "ticket 1"), titles);
  }

  @Test
  void listIssues_shouldReturnClosedOldestFirstAcrossPages_whenStateClosed() {
    List<Object> numbers = field(fx.pages(ISSUES_PATH, null, Map.of("limit", "2", "state", "closed"), 2, 2, 1),
        "number");

    assertEquals(List.of(2L, 4L, 6L, 10L, 11L), numbers);
    List<Object> states = field(fx.pages(ISSUES_PATH, null, Map.of("state", "closed"), 5), "state");
    assertEquals(List.of("closed", "closed", "closed", "closed", "closed"), states);
  }

  @Test
  void listIssues_shouldReturnAllByNumberAcrossPages_whenStateAll() {
    List<Object> numbers = field(fx.pages(ISSUES_PATH, null, Map.of("limit", "3", "state", "all"), 3, 3, 3, 1),
        "number");

    assertEquals(List.of(1L, 2L, 4L, 5L, 6L, 7L, 9L, 10L, 11L, 15L), numbers);
  }

  @Test
  void listIssues_shouldCarryFullRepresentation_whenListed() {
    Reply list = forge.get(ISSUES_PATH).query("limit", "1").send();
    Reply one = forge.get(ISSUES_PATH + "/15").send();

    assertEquals(200, list.status(), list::toString);
    assertEquals(List.of(one.json()), list.items());
    assertNotNull(list.nextCursor());
  }

  // ---- pull requests ----------------------------------------------------------------------------

  @Test
  void listPulls_shouldIncludeMergedInClosedOldestFirst_whenStateClosed() {
    List<Object> numbers = field(fx.pages(PULLS_PATH, null, Map.of("limit", "2", "state", "closed"), 2, 1), "number");
    List<Object> states = field(fx.pages(PULLS_PATH, null, Map.of("state", "closed"), 3), "state");

    assertEquals(List.of(3L, 8L, 12L), numbers);
    assertEquals(List.of("closed", "merged", "merged"), states);
  }

  @Test
  void listPulls_shouldReturnOpenNewestFirstAndAllByNumber_whenStateOpenOrAll() {
    List<Object> open = field(fx.pages(PULLS_PATH, null, Map.of("limit", "3"), 3, 1), "number");
    List<Object> all = field(fx.pages(PULLS_PATH, null, Map.of("limit", "2", "state", "all"), 2, 2, 2, 1), "number");

    assertEquals(List.of(17L, 16L, 14L, 13L), open);
    assertEquals(List.of(3L, 8L, 12L, 13L, 14L, 16L, 17L), all);
  }

  // ---- errors -----------------------------------------------------------------------------------

  @Test
  void list_shouldAnswer400State_whenStateUnknown() {
    expectError(forge.get(ISSUES_PATH).query("state", "merged"), 400, "state");
    expectError(forge.get(ISSUES_PATH).query("state", "OPEN"), 400, "state");
    expectError(forge.get(PULLS_PATH).query("state", "merged"), 400, "state");
    expectError(forge.get(PULLS_PATH).query("state", ""), 400, "state");
  }

  @Test
  void list_shouldAnswer400Limit_whenLimitOutOfRangeOrNotANumber() {
    for (String bad : new String[] {"0", "101", "abc", "-1", "1.5", "", "\uFF15"}) {
      expectError(forge.get(ISSUES_PATH).query("limit", bad), 400, "limit");
      expectError(forge.get(PULLS_PATH).query("limit", bad).query("state", "all"), 400, "limit");
    }
    Reply max = forge.get(ISSUES_PATH).query("limit", "100").query("state", "all").send();
    assertEquals(200, max.status(), max::toString);
    assertEquals(10, max.items().size());
    assertNull(max.nextCursor());
  }

  @Test
  void list_shouldAnswer400Cursor_whenCursorFromAnotherListRepoOrAltered() throws IOException {
    // GIVEN a first-page cursor of the open issues
    String openCursor = forge.get(ISSUES_PATH).query("limit", "2").send().nextCursor();
    assertNotNull(openCursor);
    // AND one of another repository's open issues
    fx.repo(OWNER, OWNER, "other", false);
    fx.issue(OWNER, OWNER, "other", "a");
    fx.issue(OWNER, OWNER, "other", "b");
    forge.awaitIndexes(); // the open issues are an index (GSI4)
    String otherRepoCursor = forge.get(path(OWNER, "other", "issues")).query("limit", "1").send().nextCursor();
    assertNotNull(otherRepoCursor);

    // WHEN the open cursor pages the closed, all or pull-request lists THEN 400 cursor
    expectError(forge.get(ISSUES_PATH).query("state", "closed").query("cursor", openCursor), 400, "cursor");
    expectError(forge.get(ISSUES_PATH).query("state", "all").query("cursor", openCursor), 400, "cursor");
    expectError(forge.get(PULLS_PATH).query("cursor", openCursor), 400, "cursor");
    // AND another repository's cursor is refused here
    expectError(forge.get(ISSUES_PATH).query("cursor", otherRepoCursor), 400, "cursor");
    // AND the cursor shows none of the table's keys, and any changed byte of it is refused
    String decoded = new String(Base64.getUrlDecoder().decode(openCursor), StandardCharsets.ISO_8859_1);
    assertFalse(decoded.contains("ISSUE#") || decoded.contains("GSI4SK"), "cursor reveals keys: " + decoded);
    byte[] raw = Base64.getUrlDecoder().decode(openCursor);
    raw[raw.length / 2] ^= 0x20;
    String edited = Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
    expectError(forge.get(ISSUES_PATH).query("cursor", edited), 400, "cursor");
    expectError(forge.get(ISSUES_PATH).query("cursor", "not-a-cursor"), 400, "cursor");
    expectError(forge.get(ISSUES_PATH).query("cursor", openCursor.substring(0, openCursor.length() - 2)), 400,
        "cursor");

    // AND the untouched cursor still works on its own list
    Reply second = forge.get(ISSUES_PATH).query("limit", "2").query("cursor", openCursor).send();
    assertEquals(200, second.status(), second::toString);
    assertEquals(7L, TicketFixtures.num(second.items().get(0).get("number")));
  }

  @Test
  void list_shouldAnswer404OrEmpty_whenRepoHiddenMissingOrWithoutTickets() {
    fx.user("lists-guest");
    fx.repo(OWNER, OWNER, "secret", true);
    fx.issue(OWNER, OWNER, "secret", "hidden");
    fx.repo(OWNER, OWNER, "empty", false);
    // The lists find their repository in the same index Query (TableGateway.queryWithHead): until
    // the index has the new repository, they answer 404 (docs/local-engine.md, "Eventual consistency").
    forge.awaitIndexes();
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    expectError(forge.get(path(OWNER, "secret", "issues")), 404, null);
    expectError(forge.get(path(OWNER, "secret", "issues")).as("lists-guest").query("state", "all"), 404, null);
    expectError(forge.get(path(OWNER, "secret", "pulls")).as("lists-guest"), 404, null);
    expectError(forge.get(path(OWNER, "missing", "issues")), 404, null);
    fx.assertUnchanged(before);

    Reply owner = forge.get(path(OWNER, "secret", "issues")).as(OWNER).send();
    assertEquals(200, owner.status(), owner::toString);
    assertEquals(1, owner.items().size());
    Reply empty = forge.get(path(OWNER, "empty", "issues")).query("state", "all").send();
    assertEquals(200, empty.status(), empty::toString);
    assertEquals(List.of(), empty.items());
    assertNull(empty.nextCursor());
  }
}

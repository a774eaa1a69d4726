package dev.monotable.forge.keys;

import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Segments;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.keys.Ulid;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.errors.ValidationException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KeysTest {

  @Test
  void account_shouldLowerCaseName_whenDisplayFormHasCapitals() {
    Key k = Keys.account("Alice-Smith");
    assertEquals("ACCOUNT#alice-smith", k.pk());
    assertEquals("ACCOUNT#alice-smith", k.sk());
  }

  @Test
  void ticket_shouldZeroPadNumber_toEightDigits() {
    assertEquals("ISSUE#octo#hello.world#00000042", Keys.ticket(TicketKind.ISSUE, "Octo", "Hello.World", 42).pk());
    assertEquals("PR#octo#r#00000001", Keys.ticket(TicketKind.PULL_REQUEST, "octo", "r", 1).sk());
  }

  @Test
  void ticketGsi4_shouldUseReverseNumber_whenOpen_andPaddedNumber_whenClosed() {
    assertEquals(new Key("REPO#o#r", "ISSUE#OPEN#99999992"), Keys.ticketGsi4(TicketKind.ISSUE, "o", "r", 7, true));
    assertEquals(new Key("REPO#o#r", "#ISSUE#CLOSED#00000007"), Keys.ticketGsi4(TicketKind.ISSUE, "o", "r", 7, false));
    assertEquals(new Key("PR#o#r", "PR#OPEN#99999992"), Keys.ticketGsi4(TicketKind.PULL_REQUEST, "o", "r", 7, true));
    assertEquals(new Key("PR#o#r", "#PR#CLOSED#00000007"),
        Keys.ticketGsi4(TicketKind.PULL_REQUEST, "o", "r", 7, false));
  }

  @Test
  void listHeads_shouldSortNextToTheirLists_inEachPartition() {
    // GSI4 of REPO#o#r (issues) and PR#o#r (pull requests): closed < head < open
    for (TicketKind kind : TicketKind.values()) {
      String head4 = Keys.listHeadGsi4(kind, "o", "r").sk();
      assertTrue(Keys.ticketGsi4(kind, "o", "r", 99_999_999, false).sk().compareTo(head4) < 0, kind + " closed");
      assertTrue(head4.compareTo(Keys.ticketGsi4(kind, "o", "r", 1, true).sk()) < 0, kind + " open");
      // GSI1: every number < head
      String head1 = Keys.listHeadGsi1(kind, "o", "r").sk();
      assertTrue(Keys.ticketGsi1(kind, "o", "r", 99_999_999).sk().compareTo(head1) < 0, kind + " by number");
      assertEquals(Keys.ticketGsi1(kind, "o", "r", 1).pk(), Keys.listHeadGsi1(kind, "o", "r").pk());
    }
    // GSI1 of REPO#o#r: issues < the repository < its stargazers; GSI2: forks < the repository
    assertTrue(Keys.repository("o", "r").sk().compareTo(Keys.starGsi1("a", "o", "r", "2026-01-02T03:04:05.678Z").sk()) < 0);
    assertTrue(Keys.forkGsi2("o", "r", "zzz").sk().compareTo(Keys.repository("o", "r").sk()) < 0);
  }

  @Test
  void chartKeys_shouldMatchSpecTemplates() {
    assertEquals(new Key("ACCOUNTEMAIL#a@b.io", "ACCOUNTEMAIL#a@b.io"), Keys.accountEmail("A@B.io"));
    assertEquals(new Key("ACCOUNT#acme", "MEMBER#bob"), Keys.membership("Acme", "Bob"));
    assertEquals(new Key("ACCOUNT#bob", "ORG#acme"), Keys.membershipGsi1("Acme", "Bob"));
    assertEquals(new Key("ACCOUNT#acme", "INVITE#x@y.z"), Keys.invitation("acme", "X@Y.z"));
    assertEquals(new Key("ACCOUNT#o", "#ACTIVITY#2026-01-02T03:04:05.678Z#01ARZ3NDEKTSV4RRFFQ69G5FAV"),
        Keys.activity("O", "2026-01-02T03:04:05.678Z", "01ARZ3NDEKTSV4RRFFQ69G5FAV"));
    assertEquals(new Key("REPO#o#r", "REPO#o#r"), Keys.repository("O", "R"));
    assertEquals(new Key("REPO#orig#r", "FORK#me"), Keys.forkGsi2("Orig", "r", "Me"));
    assertEquals(new Key("ACCOUNT#o", "#2026-01-02T03:04:05.678Z"), Keys.repoUpdatedGsi3("o", "2026-01-02T03:04:05.678Z"));
    assertEquals(new Key("REPO#o#r", "#REPO#o#r"), Keys.repoGsi4("o", "r"));
    assertEquals(new Key("COUNTER#o#r", "METADATA"), Keys.counter("o", "r"));
    assertEquals(new Key("REPO#o#r", "ISSUE#00000003"), Keys.ticketGsi1(TicketKind.ISSUE, "o", "r", 3));
    assertEquals(new Key("PR#o#r", "REPO#o#r"), Keys.listHeadGsi1(TicketKind.PULL_REQUEST, "O", "R"));
    assertEquals(new Key("PR#o#r", "#REPO#o#r"), Keys.listHeadGsi4(TicketKind.PULL_REQUEST, "O", "R"));
    assertEquals(new Key("REPO#o#r", "REPO#o#r"), Keys.listHeadGsi1(TicketKind.ISSUE, "O", "R"));
    assertEquals(new Key("REPO#o#r", "#REPO#o#r"), Keys.listHeadGsi4(TicketKind.ISSUE, "O", "R"));
    assertEquals(new Key("PR#o#r", "PR#00000003"), Keys.ticketGsi1(TicketKind.PULL_REQUEST, "o", "r", 3));
    assertEquals(new Key("REPO#o#r", "ISSUE#00000003#COMMENT#01ARZ3NDEKTSV4RRFFQ69G5FAV"),
        Keys.comment(TicketKind.ISSUE, "o", "r", 3, "01ARZ3NDEKTSV4RRFFQ69G5FAV"));
    assertEquals("PR#00000003#COMMENT#", Keys.commentPrefix(TicketKind.PULL_REQUEST, 3));
    assertEquals(new Key("REACTION#o#r#ISSUE#00000003", "REACTION#bob#+1"),
        Keys.reaction(TicketKind.ISSUE, "o", "r", 3, "Bob", "+1"));
    assertEquals(new Key("REACTION#o#r#PR#00000003", "REACTION#bob#eyes"),
        Keys.reaction(TicketKind.PULL_REQUEST, "o", "r", 3, "bob", "eyes"));
    assertEquals(new Key("ACCOUNT#bob", "STAR#o#r"), Keys.star("Bob", "O", "r"));
    assertEquals(new Key("REPO#o#r", "STAR#bob#2026-01-02T03:04:05.678Z"),
        Keys.starGsi1("bob", "o", "r", "2026-01-02T03:04:05.678Z"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "-bob", "bob-", "a#b", "a b", "ab_c", "ACCOUNT#x", "0123456789012345678901234567890123456789"})
  void account_shouldRejectValue_whenItBreaksTheRule(String bad) {
    assertThrows(ValidationException.class, () -> Keys.account(bad));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", ".", "..", "a#b", "a/b", "a b"})
  void repository_shouldRejectName_whenItBreaksTheRule(String bad) {
    assertThrows(ValidationException.class, () -> Keys.repository("o", bad));
  }

  @Test
  void repository_shouldRejectName_whenLongerThan100() {
    assertThrows(ValidationException.class, () -> Keys.repository("o", "r".repeat(101)));
    assertEquals("REPO#o#" + "r".repeat(100), Keys.repository("o", "r".repeat(100)).pk());
  }

  @ParameterizedTest
  @ValueSource(strings = {"nope", "a@b@c", "@b", "a@", "a b@c.d", "a#b@c.d"})
  void email_shouldBeRejected_whenMalformed(String bad) {
    assertThrows(ValidationException.class, () -> Keys.accountEmail(bad));
  }

  @Test
  void email_shouldBeRejected_whenLongerThan254() {
    assertThrows(ValidationException.class, () -> Keys.accountEmail("a".repeat(250) + "@b.io"));
  }

  @Test
  void key_shouldRejectParts_overDynamoDbLimits() {
    assertThrows(IllegalArgumentException.class, () -> new Key("x".repeat(2049), "s"));
    assertThrows(IllegalArgumentException.class, () -> new Key("p", "x".repeat(1025)));
  }

  @Test
  void paddedNumbers_shouldSortLexicallyInNumericOrder_forRandomSamples() {
    Random random = new Random(42);
    for (int i = 0; i < 2000; i++) {
      int a = 1 + random.nextInt(ForgeSegments.MAX_NUMBER);
      int b = 1 + random.nextInt(ForgeSegments.MAX_NUMBER);
      assertEquals(Integer.signum(Integer.compare(a, b)), Integer.signum(ForgeSegments.n8(a).compareTo(ForgeSegments.n8(b))));
      // reverse numbering: lexical ascending order is numeric descending order
      assertEquals(Integer.signum(Integer.compare(b, a)), Integer.signum(ForgeSegments.rev8(a).compareTo(ForgeSegments.rev8(b))));
      assertEquals(a, Integer.parseInt(ForgeSegments.n8(a)));
      assertEquals(a, ForgeSegments.MAX_NUMBER - Integer.parseInt(ForgeSegments.rev8(a)));
    }
  }

  @Test
  void number_shouldParseOnlyOneTo99999999() {
    assertEquals(12, ForgeSegments.number("number", "12"));
    for (String bad : List.of("0", "-1", "abc", "", "123456789", "1e3")) {
      assertThrows(ValidationException.class, () -> ForgeSegments.number("number", bad), bad);
    }
  }

  @Test
  void ulid_shouldBeTimeOrderedAndWellFormed() {
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      ids.add(Ulid.next(Instant.ofEpochMilli(1_700_000_000_000L + i)));
    }
    for (int i = 1; i < ids.size(); i++) {
      assertTrue(ids.get(i - 1).compareTo(ids.get(i)) < 0);
      assertEquals(ids.get(i), Segments.ulid("id", ids.get(i)));
    }
  }

  @Test
  void timestamps_shouldHaveMillisecondsAlways() {
    assertEquals("2026-01-02T03:04:05.000Z", Timestamps.format(Instant.parse("2026-01-02T03:04:05Z")));
    assertEquals("2026-01-02T03:04:05.678Z", Timestamps.format(Instant.parse("2026-01-02T03:04:05.678912Z")));
  }

  @Test
  void template_shouldRoundTripThroughItsRegex() {
    Template t = Keys.ISSUE;
    String key = t.fill("o", "r", "00000001");
    assertTrue(t.regex().matcher(key).matches());
    assertFalse(t.regex().matcher("ISSUE#o#r#x#00000001").matches());
    assertEquals("ISSUE#", t.prefix());
  }
}

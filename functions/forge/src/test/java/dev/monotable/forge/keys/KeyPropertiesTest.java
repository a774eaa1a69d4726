package dev.monotable.forge.keys;

import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Segments;
import dev.monotable.kit.keys.Template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.errors.ValidationException;
import dev.monotable.forge.model.Rules;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Properties of the key builder and the validators, over generated input that mixes valid name
 * characters with key delimiters, look-alikes, control characters and broken UTF-16: no accepted
 * input produces a key that another template also matches (it would parse back to another
 * entity), leaves its partition, or collides with the key of a different input.
 */
class KeyPropertiesTest {
  /** Characters an attacker reaches for, next to the ones names are made of. */
  private static final String TRICKY = "#%/.-_@ \t\n\u0000\u0001\u007f\u00e9\u0130\u212a\u0430\u200b\uff03\uff41"
      + "\ud800\udc00\ufffd";

  private static final List<Template> TEMPLATES = templates();

  /**
   * ForgeSegments checks names character by character for speed; the docs, the body rules and the
   * bad-input suites read its regexes. Both must answer alike for every input, or the documented
   * rule and the enforced one drift apart.
   */
  @Property
  void segments_loopChecks_answerAsTheirRegexes(@ForAll("repoNames") String value) {
    assertEquals(ForgeSegments.ACCOUNT.matcher(value).matches(), ForgeSegments.isAccount(value), value);
    assertEquals(ForgeSegments.REPO.matcher(value).matches(), ForgeSegments.isRepo(value), value);
  }

  @Property
  void n8_padsAsFormatDoes(@ForAll @net.jqwik.api.constraints.IntRange(min = 1, max = 99_999_999) int n) {
    assertEquals(String.format(Locale.ROOT, "%08d", n), ForgeSegments.n8(n));
    assertEquals(String.format(Locale.ROOT, "%08d", ForgeSegments.MAX_NUMBER - n), ForgeSegments.rev8(n));
  }

  @Provide
  Arbitrary<String> names() {
    Arbitrary<String> valid = Arbitraries.strings().withChars("abcXYZ019-").ofMinLength(0).ofMaxLength(41);
    Arbitrary<String> tricky = Arbitraries.strings().withChars("abAB09-" + TRICKY).ofMinLength(0).ofMaxLength(12);
    Arbitrary<String> emoji = Arbitraries.of("\ud83d\ude00", "a\ud83d\ude00", "ab#\ud83d\ude00");
    Arbitrary<String> anyUnicode = Arbitraries.strings().all().ofMaxLength(8);
    return Arbitraries.oneOf(valid, tricky, emoji, anyUnicode);
  }

  @Provide
  Arbitrary<String> repoNames() {
    Arbitrary<String> valid = Arbitraries.strings().withChars("abXY09._-").ofMinLength(0).ofMaxLength(102);
    return Arbitraries.oneOf(valid, names());
  }

  @Provide
  Arbitrary<String> emails() {
    Arbitrary<String> local = Arbitraries.strings().withChars("ab.+-" + TRICKY).ofMinLength(0).ofMaxLength(6);
    return Combinators.combine(local, Arbitraries.of("@", "@@", "", "\uff20"), local)
        .as((a, at, b) -> a + at + b + ".io");
  }

  @Provide
  Arbitrary<Integer> numbers() {
    return Arbitraries.oneOf(Arbitraries.integers().between(-5, 120),
        Arbitraries.integers().between(99_999_990, 100_000_005), Arbitraries.integers());
  }

  @Property(tries = 2000)
  void account_acceptedNames_buildKeysOfTheirOwnTemplateOnly(@ForAll("names") String name) {
    Optional<String> accepted = accepted(() -> ForgeSegments.account("username", name));
    accepted.ifPresent(lower -> {
      assertEquals(name.toLowerCase(Locale.ROOT), lower);
      assertTrue(ForgeSegments.ACCOUNT.matcher(name).matches());
      Key key = Keys.account(name);
      assertEquals("ACCOUNT#" + lower, key.pk());
      assertOnlyTemplate(Keys.ACCOUNT, key.pk());
      assertEquals(List.of("ACCOUNT", lower), List.of(key.pk().split("#", -1)));
    });
  }

  @Property(tries = 2000)
  void repository_acceptedNames_stayInOneRepositoryPartition(@ForAll("names") String owner,
      @ForAll("repoNames") String repo) {
    Optional<Key> key = accepted(() -> Keys.repository(owner, repo));
    key.ifPresent(k -> {
      String[] parts = k.pk().split("#", -1);
      assertEquals(3, parts.length, k.pk());
      assertEquals(owner.toLowerCase(Locale.ROOT), parts[1]);
      assertEquals(repo.toLowerCase(Locale.ROOT), parts[2]);
      assertOnlyTemplate(Keys.REPO, k.pk());
      // everything under the repository stays in its partition or its own ticket partitions
      Key comment = Keys.comment(TicketKind.ISSUE, owner, repo, 1, "01HZZZZZZZZZZZZZZZZZZZZZZZ");
      assertEquals(k.pk(), comment.pk());
      assertTrue(comment.sk().startsWith(Keys.commentPrefix(TicketKind.ISSUE, 1)));
      assertFalse(comment.sk().startsWith(Keys.commentPrefix(TicketKind.ISSUE, 10)));
    });
  }

  @Property(tries = 1000)
  void repository_differentInputs_neverShareAKey(@ForAll("names") String o1, @ForAll("repoNames") String r1,
      @ForAll("names") String o2, @ForAll("repoNames") String r2) {
    Optional<Key> a = accepted(() -> Keys.repository(o1, r1));
    Optional<Key> b = accepted(() -> Keys.repository(o2, r2));
    if (a.isPresent() && b.isPresent()) {
      boolean sameEntity = o1.equalsIgnoreCase(o2) && r1.equalsIgnoreCase(r2);
      assertEquals(sameEntity, a.get().equals(b.get()), a + " vs " + b);
    }
  }

  @Property(tries = 1000)
  void ticket_numbers_keepTheirOrderAndPartition(@ForAll("numbers") int n, @ForAll("numbers") int m) {
    Optional<String> a = accepted(() -> ForgeSegments.n8(n));
    Optional<String> b = accepted(() -> ForgeSegments.n8(m));
    assertEquals(n >= 1 && n <= ForgeSegments.MAX_NUMBER, a.isPresent());
    if (a.isPresent() && b.isPresent()) {
      assertEquals(8, a.get().length());
      assertEquals(Integer.signum(Integer.compare(n, m)), Integer.signum(a.get().compareTo(b.get())));
      assertEquals(Integer.signum(Integer.compare(m, n)),
          Integer.signum(ForgeSegments.rev8(n).compareTo(ForgeSegments.rev8(m))));
      Key issue = Keys.ticket(TicketKind.ISSUE, "o", "r", n);
      assertOnlyTemplate(Keys.ISSUE, issue.pk());
      assertNotEquals(issue, Keys.ticket(TicketKind.PULL_REQUEST, "o", "r", n));
    }
  }

  @Property(tries = 2000)
  void email_acceptedAddresses_cannotChangeAKeysStructure(@ForAll("emails") String email) {
    accepted(() -> Segments.email("email", email)).ifPresent(lower -> {
      assertFalse(lower.contains("#"), lower);
      assertEquals(1, lower.chars().filter(c -> c == '@').count(), lower);
      assertTrue(lower.chars().noneMatch(c -> c <= ' ' || c == 0x7f), lower);
      assertTrue(Rules.isWellFormed(lower), lower);
      assertOnlyTemplate(Keys.ACCOUNT_EMAIL, Keys.accountEmail(email).pk());
      Key invitation = Keys.invitation("acme", email);
      assertEquals("ACCOUNT#acme", invitation.pk());
      assertOnlyTemplate(Keys.INVITATION, invitation.sk());
    });
  }

  @Property(tries = 2000)
  void rules_acceptOnlyWellFormedText_countedInCharacters(@ForAll("names") String s) {
    String text = s.repeat(20);
    Optional<String> title = accepted(() -> Rules.title(text));
    Optional<String> name = accepted(() -> Rules.shortText("name", text));
    // Well-formed and free of control characters but tab and line breaks (the kit's one text rule), else refused.
    int chars = dev.monotable.kit.text.Text.isAcceptable(text) ? text.codePointCount(0, text.length()) : -1;
    assertEquals(chars >= 1 && chars <= Rules.TITLE_MAX && !text.isBlank(), title.isPresent(), text);
    assertEquals(chars >= 0 && chars <= Rules.SHORT_TEXT_MAX, name.isPresent(), text);
  }

  /** The value, or empty when the validator refused it with a ValidationException (anything else fails). */
  private static <T> Optional<T> accepted(Supplier<T> f) {
    try {
      return Optional.of(f.get());
    } catch (ValidationException refused) {
      return Optional.empty();
    }
  }

  /** The key matches its own template's pattern and no other template's. */
  private static void assertOnlyTemplate(Template own, String key) {
    assertTrue(own.regex().matcher(key).matches(), key + " does not match " + own);
    for (Template t : TEMPLATES) {
      if (t != own && !t.pattern().equals(own.pattern())) {
        assertFalse(t.regex().matcher(key).matches(), key + " also parses as " + t);
      }
    }
  }

  private static List<Template> templates() {
    List<Template> out = new ArrayList<>();
    for (Field f : Keys.class.getDeclaredFields()) {
      if (Modifier.isStatic(f.getModifiers()) && f.getType() == Template.class) {
        try {
          out.add((Template) f.get(null));
        } catch (IllegalAccessException e) {
          throw new IllegalStateException(e);
        }
      }
    }
    return out;
  }
}

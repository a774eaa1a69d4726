package dev.monotable.kit.keys;

import dev.monotable.forge.keys.Keys;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TemplateTest {

  @Test
  void render_shouldRenamePlaceholders_whenNamesGiven() {
    assertEquals("ACCOUNT#{username}", Keys.ACCOUNT.render(Map.of("account", "username")));
    assertEquals("ACCOUNT#{org}", Keys.ACCOUNT.render(Map.of("account", "org")));
    assertEquals("REPO#{originalOwner}#{repo}", Keys.REPO.render(Map.of("owner", "originalOwner")));
    assertEquals("#{ts of last update}", Keys.REPO_UPDATED.render(Map.of("ts", "ts of last update")));
    assertEquals("ISSUE#OPEN#{rev8}", Keys.ISSUE_OPEN.render(Map.of()));
  }

  @Test
  void values_shouldReturnOneSegmentPerPlaceholder_whenKeyMatches() {
    Template t = Template.of("ISSUE#{owner}#{repo}#{n8}");
    assertEquals(List.of("alice", "hello", "00000042"), t.values("ISSUE#alice#hello#00000042"));
    assertEquals(List.of(), Template.of("#META").values("#META"));
  }

  @Test
  void values_shouldReturnNull_whenKeyDoesNotMatch() {
    Template t = Template.of("REPO#{owner}#{repo}");
    assertNull(t.values("REPO#alice#r#x"));
    assertNull(t.values("FORK#alice"));
    assertNull(t.values("REPO#alice#"));
    assertNull(t.values(null));
  }

  @Test
  void values_shouldQuoteLiterals_whenTheyHoldRegexCharacters() {
    Template t = Template.of("A.B#{x}");
    assertEquals(List.of("1"), t.values("A.B#1"));
    assertNull(t.values("AxB#1"));
  }
}

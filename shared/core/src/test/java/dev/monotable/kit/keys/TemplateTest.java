package dev.monotable.kit.keys;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TemplateTest {

  @Test
  void render_shouldRenamePlaceholders_whenNamesGiven() {
    assertEquals("AUTHOR#{username}", Template.of("AUTHOR#{author}").render(Map.of("author", "username")));
    assertEquals("NOTE#{original}#{tag}", Template.of("NOTE#{id}#{tag}").render(Map.of("id", "original")));
    assertEquals("#{ts of last update}", Template.of("#{ts}").render(Map.of("ts", "ts of last update")));
    assertEquals("NOTE#OPEN#{rank}", Template.of("NOTE#OPEN#{rank}").render(Map.of()));
  }

  @Test
  void values_shouldReturnOneSegmentPerPlaceholder_whenKeyMatches() {
    Template t = Template.of("NOTE#{author}#{tag}#{rank}");
    assertEquals(List.of("alice", "hello", "00000042"), t.values("NOTE#alice#hello#00000042"));
    assertEquals(List.of(), Template.of("#META").values("#META"));
  }

  @Test
  void values_shouldReturnNull_whenKeyDoesNotMatch() {
    Template t = Template.of("NOTE#{author}#{id}");
    assertNull(t.values("NOTE#alice#r#x"));
    assertNull(t.values("TAG#alice"));
    assertNull(t.values("NOTE#alice#"));
    assertNull(t.values(null));
  }

  @Test
  void values_shouldQuoteLiterals_whenTheyHoldRegexCharacters() {
    Template t = Template.of("A.B#{x}");
    assertEquals(List.of("1"), t.values("A.B#1"));
    assertNull(t.values("AxB#1"));
  }
}

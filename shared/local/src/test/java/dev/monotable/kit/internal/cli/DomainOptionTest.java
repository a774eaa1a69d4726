package dev.monotable.kit.internal.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.monotable.kit.cli.UsageException;
import org.junit.jupiter.api.Test;

class DomainOptionTest {

  @Test
  void take_shouldSplitTheOptionOff_inEitherSpelling_leavingTheRestInOrder() {
    DomainOption spaced = DomainOption.take(new String[] {"ap", "--domain", "forge", "AP02", "--json"});
    assertEquals("forge", spaced.id());
    assertArrayEquals(new String[] {"ap", "AP02", "--json"}, spaced.rest());

    DomainOption joined = DomainOption.take(new String[] {"--domain=devices", "--reset"});
    assertEquals("devices", joined.id());
    assertArrayEquals(new String[] {"--reset"}, joined.rest());
  }

  @Test
  void take_shouldGiveNoId_whenAbsent_andLeaveArgumentsAfterTheSeparatorAlone() {
    DomainOption none = DomainOption.take(new String[] {"item", "--", "--domain", "x"});
    assertNull(none.id());
    assertArrayEquals(new String[] {"item", "--", "--domain", "x"}, none.rest());
  }

  @Test
  void take_shouldBeBadUsage_whenTheValueIsMissingOrTheOptionRepeated() {
    assertEquals("--domain needs a value",
        assertThrows(UsageException.class, () -> DomainOption.take(new String[] {"--domain"})).getMessage());
    assertEquals("--domain needs a value",
        assertThrows(UsageException.class, () -> DomainOption.take(new String[] {"--domain="})).getMessage());
    assertEquals("--domain given twice", assertThrows(UsageException.class,
        () -> DomainOption.take(new String[] {"--domain", "a", "--domain=b"})).getMessage());
  }
}

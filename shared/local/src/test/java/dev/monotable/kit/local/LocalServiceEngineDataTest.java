package dev.monotable.kit.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Where scripts/dev's engine keeps its data: .local/engine unless asked for memory or elsewhere. */
class LocalServiceEngineDataTest {
  private static final Path LOCAL = Path.of(".local");

  @Test
  void engineData_defaultsToTheLocalFolder_andMemoryIsAskedFor() {
    assertEquals(LOCAL.resolve("engine"), LocalService.engineData(false, null, LOCAL));
    assertEquals(LOCAL.resolve("engine"), LocalService.engineData(false, " ", LOCAL));
    assertNull(LocalService.engineData(true, null, LOCAL), "--in-memory");
    assertNull(LocalService.engineData(false, "memory", LOCAL), "MONOTABLE_ENGINE_DATA=memory");
    assertNull(LocalService.engineData(true, "/data/engine", LOCAL), "--in-memory wins over the variable");
    assertEquals(Path.of("/data/engine"), LocalService.engineData(false, "/data/engine", LOCAL));
  }
}

package dev.monotable.kit.engine;

import dev.monotable.kit.Env;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.monotable.testing.LocalDynamoDb;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The engine (scripts/monotable_engine) runs the moto that scripts/requirements.txt pins, in short functions. */
class EnginePackageTest {
  private static final Pattern PIN = Pattern.compile("(?m)^moto\\[server\\]==(\\S+)");
  private static final int MAX_FUNCTION_LINES = 80;

  @Test
  void requirementsTxt_pinsTheMotoVersionTheRunningEngineReports() throws IOException {
    URI endpoint = LocalDynamoDb.endpoint();
    assumeTrue(endpoint != null && LocalEngine.control(endpoint).available(), "reads the engine's /_engine/status");
    Matcher pin = PIN.matcher(Files.readString(scripts().resolve("requirements.txt")));
    assertTrue(pin.find(), "scripts/requirements.txt has no line moto[server]==X.Y.Z");
    assertEquals(pin.group(1), LocalEngine.control(endpoint).status().get("moto"));
  }

  @Test
  void noFunctionOfTheEngine_isLongerThan80Lines() throws IOException {
    List<String> tooLong = new ArrayList<>();
    List<Path> modules;
    try (Stream<Path> files = Files.list(scripts().resolve("monotable_engine"))) {
      modules = files.filter(f -> f.toString().endsWith(".py")).sorted().toList();
    }
    assertTrue(modules.size() >= 9, "the engine's modules: " + modules);
    for (Path module : modules) {
      List<String> lines = Files.readAllLines(module);
      for (int def = 0; def < lines.size(); def++) {
        if (!lines.get(def).strip().startsWith("def ")) {
          continue;
        }
        // A function runs until the next non-blank line indented no deeper than its def.
        int last = def;
        for (int i = def + 1; i < lines.size() && (lines.get(i).isBlank() || indent(lines.get(i)) > indent(lines.get(def))); i++) {
          last = lines.get(i).isBlank() ? last : i;
        }
        if (last - def + 1 > MAX_FUNCTION_LINES) {
          tooLong.add(module.getFileName() + ":" + (def + 1) + " is " + (last - def + 1) + " lines");
        }
      }
    }
    assertEquals(List.of(), tooLong);
  }

  private static int indent(String line) {
    return line.length() - line.stripLeading().length();
  }

  private static Path scripts() {
    return LocalEngine.script(Env.get(Env.MONOTABLE_ENGINE)).toAbsolutePath().getParent();
  }
}

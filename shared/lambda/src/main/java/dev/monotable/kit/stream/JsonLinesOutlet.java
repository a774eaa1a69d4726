package dev.monotable.kit.stream;

import dev.monotable.kit.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The local outlet: one JSON line per message, {@code {"id", "group", "message"}}, appended to a
 * file (created with its folder). Thread-safe within one process.
 */
public final class JsonLinesOutlet implements Outlet {
  private final Path file;

  public JsonLinesOutlet(Path file) {
    this.file = file;
  }

  public Path file() {
    return file;
  }

  @Override
  public synchronized void send(String id, String group, String json) {
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("id", id);
    line.put("group", group);
    line.put("message", object(json));
    try {
      if (file.getParent() != null) {
        Files.createDirectories(file.getParent());
      }
      Files.writeString(file, Json.write(line) + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the outlet file " + file, e);
    }
  }

  private static Map<String, Object> object(String json) {
    try {
      return Json.readObject(json);
    } catch (IOException e) {
      throw new IllegalArgumentException("an outlet message is one JSON object: " + e.getMessage(), e);
    }
  }

  /** The lines written so far, each parsed (tests and the README's example read them). */
  public synchronized List<Map<String, Object>> lines() {
    try {
      if (!Files.exists(file)) {
        return List.of();
      }
      return Files.readAllLines(file, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank())
          .map(JsonLinesOutlet::object).toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

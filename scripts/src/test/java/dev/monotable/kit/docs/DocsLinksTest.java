package dev.monotable.kit.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.cli.RepoRoot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of README.md, infra/README.md and docs/ (written and generated) reaches a
 * file of the repository: a doc that moves (Forge's into docs/forge/) takes its links with it.
 */
class DocsLinksTest {

  private static final Pattern FENCE = Pattern.compile("(?s)```.*?```");
  private static final Pattern CODE = Pattern.compile("`[^`\\n]*`");
  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

  @Test
  void everyRelativeLink_reachesAFile() throws IOException {
    Path root = RepoRoot.get();
    List<Path> docs = new ArrayList<>(List.of(root.resolve("README.md"), root.resolve("infra/README.md")));
    try (Stream<Path> files = Files.walk(root.resolve("docs"))) {
      docs.addAll(files.filter(f -> f.toString().endsWith(".md")).sorted().toList());
    }
    assertTrue(docs.contains(root.resolve("docs/forge/forge.md")), "Forge's docs are in docs/forge/");
    List<String> broken = new ArrayList<>();
    for (Path doc : docs) {
      String text = CODE.matcher(FENCE.matcher(Files.readString(doc)).replaceAll("")).replaceAll("");
      Matcher m = LINK.matcher(text);
      while (m.find()) {
        String target = m.group(1);
        String path = target.replaceFirst("#.*$", "");
        if (target.matches("^[a-z]+:.*") || path.isEmpty()) {
          continue;
        }
        if (!Files.exists(doc.getParent().resolve(path).normalize())) {
          broken.add(root.relativize(doc) + " -> " + target);
        }
      }
    }
    assertEquals(List.of(), broken);
  }
}

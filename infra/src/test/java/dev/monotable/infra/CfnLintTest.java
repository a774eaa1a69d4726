package dev.monotable.infra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * cfn-lint over every template of the shared synthesis, with the root .cfnlintrc.yaml (the only
 * place a rule may be ignored, each with its reason). Skipped, with a message, where cfn-lint is
 * not installed; infra/cfn-lint.sh runs the same check from a shell.
 */
class CfnLintTest {

  @Test
  void cfnLint_shouldReportNothing_whenRunOverEveryTemplate() throws IOException, InterruptedException {
    Path cfnLint = onPath("cfn-lint");
    assumeTrue(cfnLint != null, "cfn-lint is not on PATH: template lint skipped (pip install cfn-lint)");
    SynthesizedForge forge = SynthesizedForge.get();
    List<Path> templates = forge.templateFiles();
    // Forge's templates, and those of any other domain the app deploys beside it, are all linted.
    assertTrue(templates.stream().filter(p -> p.getFileName().toString().startsWith(MonotableApp.FORGE_STACK)).count()
        == forge.templates().size(), "Forge's templates on disk: " + templates);
    Path root = MonotableApp.repositoryRoot();

    List<String> command = new ArrayList<>(List.of(cfnLint.toString(),
        "--config-file", root.resolve(".cfnlintrc.yaml").toString(), "--"));
    templates.forEach(t -> command.add(t.toString()));
    Process process = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(5, TimeUnit.MINUTES), "cfn-lint did not finish");

    assertEquals("", output.strip(), "cfn-lint findings");
    assertEquals(0, process.exitValue(), output);
  }

  private static Path onPath(String executable) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      Path candidate = Path.of(dir, executable);
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    return null;
  }
}

package dev.monotable.kit.internal.explorer;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Headless Chromium from Debian's packages ({@code chromium}, {@code chromium-driver}) driven by
 * Selenium. Selenium's own browser download cannot reach the internet here, so the binaries are
 * named. A missing browser fails the test, saying what to install: it never skips. The scripts
 * module's build installs them first when it can ({@code src/test/browser/ensure-browser}).
 */
final class Browser {
  static final String CHROMIUM = System.getenv().getOrDefault("MONOTABLE_CHROMIUM", "/usr/bin/chromium");
  static final String DRIVER = System.getenv().getOrDefault("MONOTABLE_CHROMEDRIVER", "/usr/bin/chromedriver");
  /** Screenshots of the main views, kept as test artifacts. */
  static final Path SHOTS = Path.of("target", "explorer-screenshots");

  private Browser() {}

  static ChromeDriver start() {
    if (!new File(CHROMIUM).canExecute() || !new File(DRIVER).canExecute()) {
      fail("the explorer's browser tests need headless Chromium and its driver (" + CHROMIUM + ", " + DRIVER
          + "): install them with: sudo apt-get update && sudo apt-get install -y chromium chromium-driver "
          + "(mvn -B verify does it itself when run as root)");
    }
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM);
    options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        "--window-size=1400,1000", "--force-device-scale-factor=1");
    ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(new File(DRIVER))
        .usingAnyFreePort().build();
    ChromeDriver driver = new ChromeDriver(service, options);
    driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(20));
    return driver;
  }

  /** Saves a screenshot as {@code target/explorer-screenshots/<name>.png}. */
  static Path screenshot(ChromeDriver driver, String name) {
    try {
      Files.createDirectories(SHOTS);
      Path to = SHOTS.resolve(name + ".png");
      Files.copy(driver.getScreenshotAs(OutputType.FILE).toPath(), to, StandardCopyOption.REPLACE_EXISTING);
      return to;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

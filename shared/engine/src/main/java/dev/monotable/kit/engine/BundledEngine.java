package dev.monotable.kit.engine;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The engine's Python package as this module carries it (resources under {@value #ROOT}), unpacked
 * into a folder named after the digest of its files: a project that depends on the kit's
 * artifacts, far from the repository's {@code scripts/}, runs the very engine the kit was tested
 * on, and two kit versions never share a folder.
 */
final class BundledEngine {

  static final String ROOT = "monotable-engine/";

  private BundledEngine() {}

  /** The launcher ({@code engine}) of the unpacked copy, unpacking it first if needed. */
  static synchronized Path unpacked() {
    Map<String, byte[]> files = files();
    if (!files.containsKey("engine") || files.keySet().stream().noneMatch(n -> n.startsWith("monotable_engine/"))) {
      throw new IllegalStateException("the local engine is not in " + where()
          + " and no scripts/engine is above " + Path.of("").toAbsolutePath() + "; set MONOTABLE_ENGINE");
    }
    Path dir = Path.of(System.getProperty("java.io.tmpdir"), "monotable-engine-" + digest(files));
    Path launcher = dir.resolve("engine");
    if (Files.isRegularFile(launcher)) {
      return runnable(launcher);
    }
    try {
      // Written beside and moved into place, so a concurrent JVM never runs half a copy.
      Path staging = Files.createTempDirectory(dir.getParent(), "monotable-engine-staging-");
      for (Map.Entry<String, byte[]> f : files.entrySet()) {
        Path target = staging.resolve(f.getKey());
        Files.createDirectories(target.getParent());
        Files.write(target, f.getValue());
      }
      runnable(staging.resolve("engine"));
      try {
        Files.move(staging, dir, StandardCopyOption.ATOMIC_MOVE);
      } catch (IOException raced) {
        if (!Files.isRegularFile(launcher)) {
          throw raced;
        }
      }
      return runnable(launcher);
    } catch (IOException e) {
      throw new UncheckedIOException("could not unpack the local engine into " + dir, e);
    }
  }

  /**
   * The launcher with its execute bit, which a jar does not keep: a team runs it by hand
   * ({@code <folder>/engine --port 8001}) as the repository's {@code scripts/engine}; a copy
   * unpacked by an earlier kit without the bit gets it here.
   */
  private static Path runnable(Path launcher) {
    if (!Files.isExecutable(launcher) && !launcher.toFile().setExecutable(true, false)) {
      throw new IllegalStateException("could not make the local engine's launcher executable: " + launcher);
    }
    return launcher;
  }

  /** Name (relative to {@value #ROOT}) to content, from this class's jar or classes folder. */
  static Map<String, byte[]> files() {
    Path where = where();
    Map<String, byte[]> out = new TreeMap<>();
    try {
      if (Files.isDirectory(where)) {
        Path root = where.resolve(ROOT);
        if (Files.isDirectory(root)) {
          try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.filter(Files::isRegularFile).toList()) {
              out.put(root.relativize(p).toString().replace('\\', '/'), Files.readAllBytes(p));
            }
          }
        }
      } else {
        try (ZipFile jar = new ZipFile(where.toFile())) {
          for (ZipEntry e : jar.stream().toList()) {
            if (!e.isDirectory() && e.getName().startsWith(ROOT)) {
              try (InputStream in = jar.getInputStream(e)) {
                out.put(e.getName().substring(ROOT.length()), in.readAllBytes());
              }
            }
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  private static Path where() {
    try {
      return Path.of(BundledEngine.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String digest(Map<String, byte[]> files) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      for (Map.Entry<String, byte[]> f : files.entrySet()) {
        sha.update(f.getKey().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        sha.update((byte) 0);
        sha.update(f.getValue());
      }
      return HexFormat.of().formatHex(sha.digest(), 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}

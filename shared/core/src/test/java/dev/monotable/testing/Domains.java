package dev.monotable.testing;

import dev.monotable.kit.domain.Domain;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.junit.jupiter.params.provider.Arguments;

/**
 * Every domain of the repository, for the domain-wide checks of modules that cannot see the dev-time
 * registry ({@code DevDomains}, in scripts): found, not listed. A domain is a class at the root of
 * its package ({@code dev.monotable.<id>.<Name>}) next to the kit's classes that implements
 * {@link Domain} and holds its instance in {@code public static final DOMAIN} (the layout Forge,
 * Devices and {@code scripts/new-domain} use). The scripts module checks this list against the
 * registered domains, so the two cannot drift.
 */
public final class Domains {

  private static final Pattern ROOT_CLASS =
      Pattern.compile("dev/monotable/(?!shared/|testing/|infra/)[a-z][a-z0-9]*/[A-Z]\\w*\\.class");

  private static List<Domain> all;

  private Domains() {}

  /** Every domain, sorted by name. */
  public static synchronized List<Domain> all() {
    if (all == null) {
      List<Domain> found = new ArrayList<>();
      for (String entry : new java.util.TreeSet<>(classEntries())) {
        if (ROOT_CLASS.matcher(entry).matches()) {
          Domain d = instance(entry.substring(0, entry.length() - ".class".length()).replace('/', '.'));
          if (d != null) {
            found.add(d);
          }
        }
      }
      found.sort(Comparator.comparing(Domain::name));
      if (found.isEmpty()) {
        throw new IllegalStateException("no domain found beside " + Domain.class.getName());
      }
      all = Collections.unmodifiableList(found);
    }
    return all;
  }

  /** The domain of this name ({@code Forge}), or an exception naming those there are. */
  public static Domain named(String name) {
    return all().stream().filter(d -> d.name().equals(name)).findFirst().orElseThrow(
        () -> new IllegalArgumentException("no domain " + name + "; found " + all().stream().map(Domain::name).toList()));
  }

  /**
   * The class names of the class path under a domain's package root (its module's, wherever
   * its classes were loaded from), sorted: the domain-wide checks look for handlers nobody routes to.
   */
  public static List<String> classNames(Domain d) {
    String own = packageRoot(d).replace('.', '/') + "/";
    return new java.util.TreeSet<>(classEntries()).stream().filter(n -> n.startsWith(own))
        .map(n -> n.substring(0, n.length() - ".class".length()).replace('/', '.')).toList();
  }

  /** The package root of a domain's classes, for example {@code dev.monotable.forge}. */
  public static String packageRoot(Domain d) {
    return d.getClass().getPackageName();
  }

  /**
   * One JUnit argument per domain, named by it
   * ({@code @MethodSource("dev.monotable.testing.Domains#arguments")}).
   */
  public static Stream<Arguments> arguments() {
    return all().stream().map(d -> Arguments.argumentSet(d.name(), d));
  }

  private static Domain instance(String className) {
    try {
      Class<?> c = Class.forName(className, false, Domains.class.getClassLoader());
      if (!Domain.class.isAssignableFrom(c) || c.isInterface() || Modifier.isAbstract(c.getModifiers())) {
        return null;
      }
      Field f = c.getField("DOMAIN");
      return Modifier.isStatic(f.getModifiers()) ? (Domain) f.get(null) : null;
    } catch (ReflectiveOperationException | LinkageError e) {
      return null;
    }
  }

  /**
   * The class entries under {@code dev/monotable/} of every class path entry (folders and jars):
   * the kit and the domains are separate artifacts. Surefire runs tests from a manifest-only jar
   * and names the real class path in {@code surefire.test.class.path}.
   */
  private static List<String> classEntries() {
    String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    List<String> out = new ArrayList<>();
    try {
      for (String entry : classPath.split(java.io.File.pathSeparator)) {
        if (entry.isBlank()) {
          continue;
        }
        Path where = Path.of(entry);
        if (Files.isDirectory(where.resolve("dev/monotable"))) {
          try (Stream<Path> files = Files.walk(where.resolve("dev/monotable"))) {
            files.filter(p -> p.toString().endsWith(".class"))
                .map(p -> where.relativize(p).toString().replace('\\', '/')).forEach(out::add);
          }
        } else if (Files.isRegularFile(where) && entry.endsWith(".jar")) {
          try (ZipFile jar = new ZipFile(where.toFile())) {
            jar.stream().map(e -> e.getName()).filter(n -> n.startsWith("dev/monotable/") && n.endsWith(".class"))
                .forEach(out::add);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }
}

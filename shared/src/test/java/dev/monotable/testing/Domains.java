package dev.monotable.testing;

import dev.monotable.kit.domain.Domain;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
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

  private static final Pattern ROOT_CLASS = Pattern.compile("dev/monotable/(?!kit/)[a-z][a-z0-9]*/[A-Z]\\w*\\.class");

  private static List<Domain> all;

  private Domains() {}

  /** Every domain, sorted by name. */
  public static synchronized List<Domain> all() {
    if (all == null) {
      List<Domain> found = new ArrayList<>();
      for (String entry : classEntries()) {
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

  /** The class entries where the kit's own classes were loaded from: a folder or a jar. */
  private static List<String> classEntries() {
    try {
      Path where = Path.of(Domain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      if (Files.isDirectory(where)) {
        try (Stream<Path> files = Files.walk(where)) {
          return files.filter(p -> p.toString().endsWith(".class"))
              .map(p -> where.relativize(p).toString().replace('\\', '/')).toList();
        }
      }
      try (ZipFile jar = new ZipFile(where.toFile())) {
        return jar.stream().map(e -> e.getName()).filter(n -> n.endsWith(".class")).toList();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}

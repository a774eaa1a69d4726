package dev.monotable.kit.tools;

import dev.monotable.kit.Env;
import dev.monotable.kit.cli.UsageException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;

/**
 * The domains on the classpath ({@link ServiceLoader}, dev-time programs only: no Lambda function
 * loads domains this way) and the one a command works on.
 */
public final class DevDomains {

  /** Environment variable naming the domain when a command is not given {@code --domain}. */
  public static final String MONOTABLE_DOMAIN = "MONOTABLE_DOMAIN";

  private DevDomains() {}

  /** Every registered domain, sorted by id. */
  public static List<DevDomain> all() {
    List<DevDomain> out = registered();
    out.sort((a, b) -> a.id().compareTo(b.id()));
    return out;
  }

  /** Every registered domain in the order of the registration file (the flagship is listed first). */
  public static List<DevDomain> registered() {
    List<DevDomain> out = new ArrayList<>();
    ServiceLoader.load(DevDomain.class).forEach(out::add);
    return out;
  }

  /**
   * The domain with this id; when {@code id} is null, {@code MONOTABLE_DOMAIN} (read through
   * {@code Env}: unset or blank is none), else the first registered domain (the only one, or the
   * flagship the registration file lists first).
   */
  public static DevDomain select(String id) {
    String wanted = id != null ? id : Env.get(MONOTABLE_DOMAIN);
    List<DevDomain> all = registered();
    if (all.isEmpty()) {
      throw new IllegalStateException("no domain is registered (META-INF/services/" + DevDomain.class.getName() + ")");
    }
    if (wanted == null) {
      wanted = all.get(0).id();
    }
    String w = wanted.toLowerCase(Locale.ROOT);
    for (DevDomain d : all) {
      if (d.id().equals(w)) {
        return d;
      }
    }
    throw new IllegalArgumentException("unknown domain '" + wanted + "'; known: "
        + all.stream().map(DevDomain::id).sorted().toList());
  }

  /**
   * {@link #select} for a command's {@code --domain} option: an unknown id is bad usage (exit 2,
   * one line naming the known domains).
   */
  public static DevDomain fromCommandLine(String id) {
    try {
      return select(id);
    } catch (IllegalArgumentException unknown) {
      throw new UsageException(unknown.getMessage());
    }
  }
}

package dev.monotable.kit.checks;

import dev.monotable.kit.tools.DevDomain;
import dev.monotable.kit.tools.DevDomains;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * The domains a domain-wide check runs for: every domain registered with the kit
 * ({@code META-INF/services/dev.monotable.kit.tools.DevDomain}), so a domain registered later is
 * checked without editing the check. Use as {@code @MethodSource("dev.monotable.kit.checks.RegisteredDomains#domains")}.
 */
public final class RegisteredDomains {
  private RegisteredDomains() {}

  /** One argument per registered domain: its runtime declarations, named by the domain. */
  public static Stream<Arguments> domains() {
    List<DevDomain> all = DevDomains.all();
    if (all.size() < 2) {
      throw new IllegalStateException("expected two registered domains at least, found "
          + all.stream().map(DevDomain::id).toList());
    }
    return all.stream().map(d -> Arguments.argumentSet(d.domain().name(), d.domain()));
  }

  /** One argument per registered domain: its dev-time facets, named by the domain. */
  public static Stream<Arguments> devDomains() {
    return DevDomains.all().stream().map(d -> Arguments.argumentSet(d.domain().name(), d));
  }
}

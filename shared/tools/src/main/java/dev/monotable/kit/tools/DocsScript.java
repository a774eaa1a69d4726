package dev.monotable.kit.tools;

import dev.monotable.kit.docs.DocsGenerator;
import dev.monotable.kit.docs.DocsDomain;
import java.util.List;
import java.util.function.Function;

/**
 * {@code scripts/docs}: {@link DocsGenerator} on every registered domain, or on the one
 * {@code --domain} names ({@link DevDomains}).
 */
public final class DocsScript {
  /** Every registered domain's docs facet for a null id, else the one with that id. */
  public static final Function<String, List<DocsDomain>> REGISTERED = id -> id == null
      ? DevDomains.all().stream().map(DevDomain::docs).toList()
      : List.of(DevDomains.select(id).docs());

  private DocsScript() {}

  public static void main(String[] args) {
    DocsGenerator.main(args, REGISTERED);
  }
}

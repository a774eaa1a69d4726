package dev.monotable.social.functions;

import dev.monotable.social.Social;
import dev.monotable.social.data.Entries;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.http.DomainServices;
import dev.monotable.kit.lambda.ContainerServices;

/**
 * What Social's handlers depend on, built once per container ({@link #fromEnvironment}) or
 * given by a test: the kit's seam plus the typed data access.
 */
public final class SocialServices implements DomainServices {
  private static final ContainerServices<SocialServices> CONTAINER = new ContainerServices<>(SocialServices::new);

  private final TableGateway table;
  private final JwtVerifier verifier;
  private final Entries entries;

  public SocialServices(TableGateway table, JwtVerifier verifier) {
    this.table = table;
    this.verifier = verifier;
    this.entries = new Entries(table);
  }

  /** The container's services, built on first use from the environment. */
  public static SocialServices fromEnvironment() {
    return CONTAINER.get();
  }

  public Entries entries() {
    return entries;
  }

  @Override
  public Domain domain() {
    return Social.DOMAIN;
  }

  @Override
  public TableGateway table() {
    return table;
  }

  @Override
  public JwtVerifier verifier() {
    return verifier;
  }
}

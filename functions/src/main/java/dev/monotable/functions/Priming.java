package dev.monotable.functions;

import dev.monotable.shared.keys.Keys;
import dev.monotable.shared.keys.Ulid;
import java.time.Instant;
import org.crac.Context;
import org.crac.Core;
import org.crac.Resource;

/**
 * SnapStart priming. Before the snapshot, one GetItem of a key that never exists loads and
 * JIT-warms the SDK's request path (marshalling, signing, HTTP), so restored copies skip that cost.
 * After restore, the ULID generator is re-seeded so copies of one snapshot never share entropy.
 */
public final class Priming implements Resource {
  private static Priming registered;
  private final Services services;

  Priming(Services services) {
    this.services = services;
  }

  static synchronized void register(Services services) {
    if (registered == null) {
      registered = new Priming(services);
      Core.getGlobalContext().register(registered);
    }
  }

  @Override
  public void beforeCheckpoint(Context<? extends Resource> context) {
    try {
      services.table().get(Keys.account("snapstart-priming"));
    } catch (RuntimeException e) {
      // Priming is an optimisation: a failure here must never block the snapshot.
    }
    Ulid.next(Instant.now());
  }

  @Override
  public void afterRestore(Context<? extends Resource> context) {
    Ulid.reseed();
  }
}

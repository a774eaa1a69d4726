package dev.monotable.functions.tickets;

import dev.monotable.functions.Services;
import dev.monotable.shared.model.TicketKind;

/** PutReaction for pull requests: see {@link PutReactionHandler}. */
public final class PutPullReactionHandler extends PutReactionHandler {

  public PutPullReactionHandler() {
    this(Services.fromEnvironment());
  }

  public PutPullReactionHandler(Services services) {
    super(TicketKind.PULL_REQUEST, services);
  }
}

package dev.monotable.forge.functions.tickets;

import dev.monotable.forge.functions.Services;
import dev.monotable.forge.keys.TicketKind;

/** PutReaction for pull requests: see {@link PutReactionHandler}. */
public final class PutPullRequestReactionHandler extends PutReactionHandler {

  public PutPullRequestReactionHandler() {
    this(Services.fromEnvironment());
  }

  public PutPullRequestReactionHandler(Services services) {
    super(TicketKind.PULL_REQUEST, services);
  }
}

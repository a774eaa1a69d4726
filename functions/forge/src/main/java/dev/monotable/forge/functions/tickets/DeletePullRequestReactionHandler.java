package dev.monotable.forge.functions.tickets;

import dev.monotable.forge.functions.Services;
import dev.monotable.forge.keys.TicketKind;

/** DeleteReaction for pull requests: see {@link DeleteReactionHandler}. */
public final class DeletePullRequestReactionHandler extends DeleteReactionHandler {

  public DeletePullRequestReactionHandler() {
    this(Services.fromEnvironment());
  }

  public DeletePullRequestReactionHandler(Services services) {
    super(TicketKind.PULL_REQUEST, services);
  }
}

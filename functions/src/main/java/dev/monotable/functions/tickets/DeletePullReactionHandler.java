package dev.monotable.functions.tickets;

import dev.monotable.functions.Services;
import dev.monotable.shared.model.TicketKind;

/** DeleteReaction for pull requests: see {@link DeleteReactionHandler}. */
public final class DeletePullReactionHandler extends DeleteReactionHandler {

  public DeletePullReactionHandler() {
    this(Services.fromEnvironment());
  }

  public DeletePullReactionHandler(Services services) {
    super(TicketKind.PULL_REQUEST, services);
  }
}

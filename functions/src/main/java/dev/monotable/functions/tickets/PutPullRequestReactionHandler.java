package dev.monotable.functions.tickets;

import dev.monotable.functions.Services;
import dev.monotable.shared.model.TicketKind;

/** PutReaction for pull requests: see {@link PutReactionHandler}. */
public final class PutPullRequestReactionHandler extends PutReactionHandler {

  public PutPullRequestReactionHandler() {
    this(Services.fromEnvironment());
  }

  public PutPullRequestReactionHandler(Services services) {
    super(TicketKind.PULL_REQUEST, services);
  }
}

package dev.monotable.forge.functions.tickets;

import dev.monotable.forge.functions.Services;
import dev.monotable.forge.keys.TicketKind;

/** UpdateTicket for pull requests: see {@link UpdateTicketHandler}. */
public final class UpdatePullRequestHandler extends UpdateTicketHandler {

  public UpdatePullRequestHandler() {
    this(Services.fromEnvironment());
  }

  public UpdatePullRequestHandler(Services services) {
    super(TicketKind.PULL_REQUEST, services);
  }
}

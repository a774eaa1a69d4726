package dev.monotable.forge.functions.tickets;

import dev.monotable.forge.functions.Services;
import dev.monotable.forge.keys.TicketKind;

/** CreateTicket for pull requests: see {@link CreateTicketHandler}. */
public final class CreatePullRequestHandler extends CreateTicketHandler {

  public CreatePullRequestHandler() {
    this(Services.fromEnvironment());
  }

  public CreatePullRequestHandler(Services services) {
    super(TicketKind.PULL_REQUEST, services);
  }
}

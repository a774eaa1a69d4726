package dev.monotable.forge.functions.tickets;

import dev.monotable.forge.functions.Services;
import dev.monotable.forge.keys.TicketKind;

/** GetTicket for pull requests: see {@link GetTicketHandler}. */
public final class GetPullRequestHandler extends GetTicketHandler {

  public GetPullRequestHandler() {
    this(Services.fromEnvironment());
  }

  public GetPullRequestHandler(Services services) {
    super(TicketKind.PULL_REQUEST, services);
  }
}

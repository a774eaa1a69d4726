package dev.monotable.forge.functions.tickets;

import dev.monotable.forge.functions.Services;
import dev.monotable.forge.keys.TicketKind;

/** ListTickets for pull requests: see {@link ListTicketsHandler}. */
public final class ListPullRequestsHandler extends ListTicketsHandler {

  public ListPullRequestsHandler() {
    this(Services.fromEnvironment());
  }

  public ListPullRequestsHandler(Services services) {
    super(TicketKind.PULL_REQUEST, services);
  }
}

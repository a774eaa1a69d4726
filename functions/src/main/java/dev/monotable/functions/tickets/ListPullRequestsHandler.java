package dev.monotable.functions.tickets;

import dev.monotable.functions.Services;
import dev.monotable.shared.model.TicketKind;

/** ListTickets for pull requests: see {@link ListTicketsHandler}. */
public final class ListPullRequestsHandler extends ListTicketsHandler {

  public ListPullRequestsHandler() {
    this(Services.fromEnvironment());
  }

  public ListPullRequestsHandler(Services services) {
    super(TicketKind.PULL_REQUEST, services);
  }
}

package dev.monotable.functions.tickets;

import dev.monotable.functions.Services;
import dev.monotable.shared.model.TicketKind;

/** ListTickets for pull requests: see {@link ListTicketsHandler}. */
public final class ListPullsHandler extends ListTicketsHandler {

  public ListPullsHandler() {
    this(Services.fromEnvironment());
  }

  public ListPullsHandler(Services services) {
    super(TicketKind.PULL_REQUEST, services);
  }
}

package dev.monotable.functions.tickets;

import dev.monotable.functions.Services;
import dev.monotable.shared.model.TicketKind;

/** ListTickets for issues: see {@link ListTicketsHandler}. */
public final class ListIssuesHandler extends ListTicketsHandler {

  public ListIssuesHandler() {
    this(Services.fromEnvironment());
  }

  public ListIssuesHandler(Services services) {
    super(TicketKind.ISSUE, services);
  }
}

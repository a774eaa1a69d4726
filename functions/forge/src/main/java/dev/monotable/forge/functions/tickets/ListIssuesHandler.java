package dev.monotable.forge.functions.tickets;

import dev.monotable.forge.functions.Services;
import dev.monotable.forge.keys.TicketKind;

/** ListTickets for issues: see {@link ListTicketsHandler}. */
public final class ListIssuesHandler extends ListTicketsHandler {

  public ListIssuesHandler() {
    this(Services.fromEnvironment());
  }

  public ListIssuesHandler(Services services) {
    super(TicketKind.ISSUE, services);
  }
}

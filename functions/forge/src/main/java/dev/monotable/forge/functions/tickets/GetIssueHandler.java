package dev.monotable.forge.functions.tickets;

import dev.monotable.forge.functions.Services;
import dev.monotable.forge.keys.TicketKind;

/** GetTicket for issues: see {@link GetTicketHandler}. */
public final class GetIssueHandler extends GetTicketHandler {

  public GetIssueHandler() {
    this(Services.fromEnvironment());
  }

  public GetIssueHandler(Services services) {
    super(TicketKind.ISSUE, services);
  }
}

package dev.monotable.forge.functions.tickets;

import dev.monotable.forge.functions.Services;
import dev.monotable.forge.keys.TicketKind;

/** CreateTicket for issues: see {@link CreateTicketHandler}. */
public final class CreateIssueHandler extends CreateTicketHandler {

  public CreateIssueHandler() {
    this(Services.fromEnvironment());
  }

  public CreateIssueHandler(Services services) {
    super(TicketKind.ISSUE, services);
  }
}

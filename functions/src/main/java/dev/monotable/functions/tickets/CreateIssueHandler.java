package dev.monotable.functions.tickets;

import dev.monotable.functions.Services;
import dev.monotable.shared.model.TicketKind;

/** CreateTicket for issues: see {@link CreateTicketHandler}. */
public final class CreateIssueHandler extends CreateTicketHandler {

  public CreateIssueHandler() {
    this(Services.fromEnvironment());
  }

  public CreateIssueHandler(Services services) {
    super(TicketKind.ISSUE, services);
  }
}

package dev.monotable.functions.tickets;

import dev.monotable.functions.Services;
import dev.monotable.shared.model.TicketKind;

/** GetTicket for issues: see {@link GetTicketHandler}. */
public final class GetIssueHandler extends GetTicketHandler {

  public GetIssueHandler() {
    this(Services.fromEnvironment());
  }

  public GetIssueHandler(Services services) {
    super(TicketKind.ISSUE, services);
  }
}

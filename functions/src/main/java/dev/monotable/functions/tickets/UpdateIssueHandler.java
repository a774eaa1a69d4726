package dev.monotable.functions.tickets;

import dev.monotable.functions.Services;
import dev.monotable.shared.model.TicketKind;

/** UpdateTicket for issues: see {@link UpdateTicketHandler}. */
public final class UpdateIssueHandler extends UpdateTicketHandler {

  public UpdateIssueHandler() {
    this(Services.fromEnvironment());
  }

  public UpdateIssueHandler(Services services) {
    super(TicketKind.ISSUE, services);
  }
}

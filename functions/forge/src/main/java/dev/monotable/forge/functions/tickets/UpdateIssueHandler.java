package dev.monotable.forge.functions.tickets;

import dev.monotable.forge.functions.Services;
import dev.monotable.forge.keys.TicketKind;

/** UpdateTicket for issues: see {@link UpdateTicketHandler}. */
public final class UpdateIssueHandler extends UpdateTicketHandler {

  public UpdateIssueHandler() {
    this(Services.fromEnvironment());
  }

  public UpdateIssueHandler(Services services) {
    super(TicketKind.ISSUE, services);
  }
}

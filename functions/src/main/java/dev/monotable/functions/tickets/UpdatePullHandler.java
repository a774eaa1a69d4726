package dev.monotable.functions.tickets;

import dev.monotable.functions.Services;
import dev.monotable.shared.model.TicketKind;

/** UpdateTicket for pull requests: see {@link UpdateTicketHandler}. */
public final class UpdatePullHandler extends UpdateTicketHandler {

  public UpdatePullHandler() {
    this(Services.fromEnvironment());
  }

  public UpdatePullHandler(Services services) {
    super(TicketKind.PULL_REQUEST, services);
  }
}

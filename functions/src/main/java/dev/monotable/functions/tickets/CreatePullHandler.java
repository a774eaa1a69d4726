package dev.monotable.functions.tickets;

import dev.monotable.functions.Services;
import dev.monotable.shared.model.TicketKind;

/** CreateTicket for pull requests: see {@link CreateTicketHandler}. */
public final class CreatePullHandler extends CreateTicketHandler {

  public CreatePullHandler() {
    this(Services.fromEnvironment());
  }

  public CreatePullHandler(Services services) {
    super(TicketKind.PULL_REQUEST, services);
  }
}

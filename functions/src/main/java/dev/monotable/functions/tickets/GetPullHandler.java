package dev.monotable.functions.tickets;

import dev.monotable.functions.Services;
import dev.monotable.shared.model.TicketKind;

/** GetTicket for pull requests: see {@link GetTicketHandler}. */
public final class GetPullHandler extends GetTicketHandler {

  public GetPullHandler() {
    this(Services.fromEnvironment());
  }

  public GetPullHandler(Services services) {
    super(TicketKind.PULL_REQUEST, services);
  }
}

package dev.monotable.functions.tickets;

import dev.monotable.functions.Services;
import dev.monotable.shared.model.TicketKind;

/** ListComments for pull requests: see {@link ListCommentsHandler}. */
public final class ListPullCommentsHandler extends ListCommentsHandler {

  public ListPullCommentsHandler() {
    this(Services.fromEnvironment());
  }

  public ListPullCommentsHandler(Services services) {
    super(TicketKind.PULL_REQUEST, services);
  }
}

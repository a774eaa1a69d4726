package dev.monotable.functions.tickets;

import dev.monotable.functions.Services;
import dev.monotable.shared.model.TicketKind;

/** ListComments for pull requests: see {@link ListCommentsHandler}. */
public final class ListPullRequestCommentsHandler extends ListCommentsHandler {

  public ListPullRequestCommentsHandler() {
    this(Services.fromEnvironment());
  }

  public ListPullRequestCommentsHandler(Services services) {
    super(TicketKind.PULL_REQUEST, services);
  }
}

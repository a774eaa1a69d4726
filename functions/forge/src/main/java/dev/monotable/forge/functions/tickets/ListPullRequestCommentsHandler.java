package dev.monotable.forge.functions.tickets;

import dev.monotable.forge.functions.Services;
import dev.monotable.forge.keys.TicketKind;

/** ListComments for pull requests: see {@link ListCommentsHandler}. */
public final class ListPullRequestCommentsHandler extends ListCommentsHandler {

  public ListPullRequestCommentsHandler() {
    this(Services.fromEnvironment());
  }

  public ListPullRequestCommentsHandler(Services services) {
    super(TicketKind.PULL_REQUEST, services);
  }
}

package dev.monotable.forge.functions.tickets;

import dev.monotable.forge.functions.Services;
import dev.monotable.forge.keys.TicketKind;

/** ListComments for issues: see {@link ListCommentsHandler}. */
public final class ListIssueCommentsHandler extends ListCommentsHandler {

  public ListIssueCommentsHandler() {
    this(Services.fromEnvironment());
  }

  public ListIssueCommentsHandler(Services services) {
    super(TicketKind.ISSUE, services);
  }
}

package dev.monotable.functions.tickets;

import dev.monotable.functions.Services;
import dev.monotable.shared.model.TicketKind;

/** ListComments for issues: see {@link ListCommentsHandler}. */
public final class ListIssueCommentsHandler extends ListCommentsHandler {

  public ListIssueCommentsHandler() {
    this(Services.fromEnvironment());
  }

  public ListIssueCommentsHandler(Services services) {
    super(TicketKind.ISSUE, services);
  }
}

package dev.monotable.functions.tickets;

import dev.monotable.functions.Services;
import dev.monotable.shared.model.TicketKind;

/** CreateComment for issues: see {@link CreateCommentHandler}. */
public final class CreateIssueCommentHandler extends CreateCommentHandler {

  public CreateIssueCommentHandler() {
    this(Services.fromEnvironment());
  }

  public CreateIssueCommentHandler(Services services) {
    super(TicketKind.ISSUE, services);
  }
}

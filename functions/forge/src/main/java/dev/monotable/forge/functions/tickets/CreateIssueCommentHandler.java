package dev.monotable.forge.functions.tickets;

import dev.monotable.forge.functions.Services;
import dev.monotable.forge.keys.TicketKind;

/** CreateComment for issues: see {@link CreateCommentHandler}. */
public final class CreateIssueCommentHandler extends CreateCommentHandler {

  public CreateIssueCommentHandler() {
    this(Services.fromEnvironment());
  }

  public CreateIssueCommentHandler(Services services) {
    super(TicketKind.ISSUE, services);
  }
}

package dev.monotable.functions.tickets;

import dev.monotable.functions.Services;
import dev.monotable.shared.model.TicketKind;

/** DeleteReaction for issues: see {@link DeleteReactionHandler}. */
public final class DeleteIssueReactionHandler extends DeleteReactionHandler {

  public DeleteIssueReactionHandler() {
    this(Services.fromEnvironment());
  }

  public DeleteIssueReactionHandler(Services services) {
    super(TicketKind.ISSUE, services);
  }
}

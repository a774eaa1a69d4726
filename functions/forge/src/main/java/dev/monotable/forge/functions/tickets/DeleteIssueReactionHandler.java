package dev.monotable.forge.functions.tickets;

import dev.monotable.forge.functions.Services;
import dev.monotable.forge.keys.TicketKind;

/** DeleteReaction for issues: see {@link DeleteReactionHandler}. */
public final class DeleteIssueReactionHandler extends DeleteReactionHandler {

  public DeleteIssueReactionHandler() {
    this(Services.fromEnvironment());
  }

  public DeleteIssueReactionHandler(Services services) {
    super(TicketKind.ISSUE, services);
  }
}

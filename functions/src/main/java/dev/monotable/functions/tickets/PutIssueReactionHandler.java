package dev.monotable.functions.tickets;

import dev.monotable.functions.Services;
import dev.monotable.shared.model.TicketKind;

/** PutReaction for issues: see {@link PutReactionHandler}. */
public final class PutIssueReactionHandler extends PutReactionHandler {

  public PutIssueReactionHandler() {
    this(Services.fromEnvironment());
  }

  public PutIssueReactionHandler(Services services) {
    super(TicketKind.ISSUE, services);
  }
}

package dev.monotable.forge.functions.tickets;

import dev.monotable.forge.functions.Services;
import dev.monotable.forge.keys.TicketKind;

/** PutReaction for issues: see {@link PutReactionHandler}. */
public final class PutIssueReactionHandler extends PutReactionHandler {

  public PutIssueReactionHandler() {
    this(Services.fromEnvironment());
  }

  public PutIssueReactionHandler(Services services) {
    super(TicketKind.ISSUE, services);
  }
}

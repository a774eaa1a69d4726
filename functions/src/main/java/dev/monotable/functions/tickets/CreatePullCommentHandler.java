package dev.monotable.functions.tickets;

import dev.monotable.functions.Services;
import dev.monotable.shared.model.TicketKind;

/** CreateComment for pull requests: see {@link CreateCommentHandler}. */
public final class CreatePullCommentHandler extends CreateCommentHandler {

  public CreatePullCommentHandler() {
    this(Services.fromEnvironment());
  }

  public CreatePullCommentHandler(Services services) {
    super(TicketKind.PULL_REQUEST, services);
  }
}

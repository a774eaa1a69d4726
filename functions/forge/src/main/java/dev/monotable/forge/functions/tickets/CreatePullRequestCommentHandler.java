package dev.monotable.forge.functions.tickets;

import dev.monotable.forge.functions.Services;
import dev.monotable.forge.keys.TicketKind;

/** CreateComment for pull requests: see {@link CreateCommentHandler}. */
public final class CreatePullRequestCommentHandler extends CreateCommentHandler {

  public CreatePullRequestCommentHandler() {
    this(Services.fromEnvironment());
  }

  public CreatePullRequestCommentHandler(Services services) {
    super(TicketKind.PULL_REQUEST, services);
  }
}

package dev.monotable.forge.functions.tickets;

import dev.monotable.forge.functions.Services;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.forge.functions.http.Representations;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.kit.data.IdempotentRequest;
import dev.monotable.forge.keys.ForgeSegments;
import dev.monotable.forge.keys.TicketKind;

/**
 * POST .../{number}/comments (AP28/AP38): ConditionCheck the item + Put the comment in one
 * transaction (plus the idempotency record when the request has an {@code Idempotency-Key}).
 * Issues and pull requests share it; the subclass fixes the kind.
 */
public abstract class CreateCommentHandler extends ApiHandler<Services> {
  private final TicketKind kind;

  protected CreateCommentHandler(TicketKind kind, Services services) {
    super(services);
    this.kind = kind;
  }

  @Override
  protected final Response handle(Request r) {
    String caller = r.requireCaller();
    int number = ForgeSegments.number("number", r.path("number"));
    // Read before the body fields, so a bad key is the error reported first (as it always was).
    IdempotentRequest idempotent = r.idempotentRequest();
    return Response.created(Representations.comment(services.comments().create(kind, caller, r.path("owner"),
        r.path("repo"), number, r.string("body"), idempotent)));
  }
}

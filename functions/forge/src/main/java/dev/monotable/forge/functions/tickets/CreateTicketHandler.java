package dev.monotable.forge.functions.tickets;

import dev.monotable.forge.functions.Services;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.forge.functions.http.Representations;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.kit.data.IdempotentRequest;
import dev.monotable.forge.keys.TicketKind;

/**
 * POST .../{issues|pulls} (AP22/AP32): opens an issue or pull request numbered from the
 * repository's shared counter. Issues and pull requests share it; the subclass fixes the kind.
 * With an {@code Idempotency-Key} header a retried request answers the first one's issue.
 */
public abstract class CreateTicketHandler extends ApiHandler<Services> {
  private final TicketKind kind;

  protected CreateTicketHandler(TicketKind kind, Services services) {
    super(services);
    this.kind = kind;
  }

  @Override
  protected final Response handle(Request r) {
    String caller = r.requireCaller();
    // Read before the body fields, so a bad key is the error reported first (as it always was).
    IdempotentRequest idempotent = r.idempotentRequest();
    return Response.created(Representations.ticket(services.tickets().create(kind, caller, r.path("owner"),
        r.path("repo"), r.string("title"), r.string("body"), r.string("head"), r.string("base"), idempotent)));
  }
}

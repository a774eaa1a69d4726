package dev.monotable.forge.functions.tickets;

import dev.monotable.forge.functions.Services;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.forge.functions.http.Representations;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.forge.keys.ForgeSegments;
import dev.monotable.forge.keys.TicketKind;

/** GET .../{number} (AP23/AP33): one BatchGetItem of the item, its repository and the caller's membership. Issues and pull requests share it; the subclass fixes the kind. */
public abstract class GetTicketHandler extends ApiHandler<Services> {
  private final TicketKind kind;

  protected GetTicketHandler(TicketKind kind, Services services) {
    super(services);
    this.kind = kind;
  }

  @Override
  protected final Response handle(Request r) {
    return Response.ok(Representations.ticket(services.tickets().get(kind, r.caller(), r.path("owner"),
        r.path("repo"), ForgeSegments.number("number", r.path("number")))));
  }
}

package dev.monotable.forge.functions.tickets;

import dev.monotable.forge.functions.Services;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.forge.functions.http.Representations;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.forge.keys.TicketKind;

/** GET .../{issues|pulls}?state=open|closed|all (AP24-26/AP34-36): open newest first, closed oldest first, all by number. Issues and pull requests share it; the subclass fixes the kind. */
public abstract class ListTicketsHandler extends ApiHandler<Services> {
  private final TicketKind kind;

  protected ListTicketsHandler(TicketKind kind, Services services) {
    super(services);
    this.kind = kind;
  }

  @Override
  protected final Response handle(Request r) {
    String state = r.query("state");
    return Response.ok(Representations.page(services.tickets().list(kind, r.caller(), r.path("owner"),
        r.path("repo"), state == null ? "open" : state, r.page()), Representations::ticket));
  }
}

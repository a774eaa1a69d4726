package dev.monotable.forge.functions.tickets;

import dev.monotable.forge.functions.Services;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.forge.functions.http.Representations;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.forge.data.TicketPatch;
import dev.monotable.forge.keys.ForgeSegments;
import dev.monotable.forge.keys.TicketKind;

/** PATCH .../{number} (AP27/AP37): edit title and body, close, reopen or merge, under If-Match. Issues and pull requests share it; the subclass fixes the kind. */
public abstract class UpdateTicketHandler extends ApiHandler<Services> {
  private final TicketKind kind;

  protected UpdateTicketHandler(TicketKind kind, Services services) {
    super(services);
    this.kind = kind;
  }

  @Override
  protected final Response handle(Request r) {
    String caller = r.requireCaller();
    int number = ForgeSegments.number("number", r.path("number"));
    TicketPatch patch = new TicketPatch(r.string("title"), r.string("body"), r.string("state"));
    return Response.ok(Representations.ticket(services.tickets().update(kind, caller, r.path("owner"),
        r.path("repo"), number, r.ifMatch(), patch)));
  }
}

package dev.monotable.forge.functions.tickets;

import dev.monotable.forge.functions.Services;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.forge.keys.ForgeSegments;
import dev.monotable.forge.keys.TicketKind;

/** DELETE .../{number}/reactions/{type} (AP31/AP41): remove a reaction, idempotent; 204 either way. Issues and pull requests share it; the subclass fixes the kind. */
public abstract class DeleteReactionHandler extends ApiHandler<Services> {
  private final TicketKind kind;

  protected DeleteReactionHandler(TicketKind kind, Services services) {
    super(services);
    this.kind = kind;
  }

  @Override
  protected final Response handle(Request r) {
    String caller = r.requireCaller();
    services.reactions().unreact(kind, caller, r.path("owner"), r.path("repo"),
        ForgeSegments.number("number", r.path("number")), r.path("type"));
    return Response.noContent();
  }
}

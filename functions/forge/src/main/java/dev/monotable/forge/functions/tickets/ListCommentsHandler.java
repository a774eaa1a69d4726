package dev.monotable.forge.functions.tickets;

import dev.monotable.forge.functions.Services;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.forge.functions.http.Representations;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.forge.keys.ForgeSegments;
import dev.monotable.forge.keys.TicketKind;

/** GET .../{number}/comments (AP29/AP39): Query the repository's collection, oldest first. Issues and pull requests share it; the subclass fixes the kind. */
public abstract class ListCommentsHandler extends ApiHandler<Services> {
  private final TicketKind kind;

  protected ListCommentsHandler(TicketKind kind, Services services) {
    super(services);
    this.kind = kind;
  }

  @Override
  protected final Response handle(Request r) {
    int number = ForgeSegments.number("number", r.path("number"));
    return Response.ok(Representations.page(services.comments().list(kind, r.caller(), r.path("owner"),
        r.path("repo"), number, r.page()), Representations::comment));
  }
}

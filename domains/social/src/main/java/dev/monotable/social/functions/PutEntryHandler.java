package dev.monotable.social.functions;

import dev.monotable.social.model.Entry;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** PUT /entries/{entry} (P01): one conditional PutItem; 409 when the entry exists. */
public final class PutEntryHandler extends ApiHandler<SocialServices> {

  public PutEntryHandler() {
    this(SocialServices.fromEnvironment());
  }

  public PutEntryHandler(SocialServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    Entry e = services.entries().create(r.path("entry"), r.requiredString("text"));
    return Response.created(Entry.ENTITY.values(e.toItem()));
  }
}

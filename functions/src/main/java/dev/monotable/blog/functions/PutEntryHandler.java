package dev.monotable.blog.functions;

import dev.monotable.blog.model.Entry;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import java.util.Map;

/** PUT /entries/{entry} (P01): one conditional PutItem; 409 when the entry exists. */
public final class PutEntryHandler extends ApiHandler<BlogServices> {

  public PutEntryHandler() {
    this(BlogServices.fromEnvironment());
  }

  public PutEntryHandler(BlogServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    Entry e = services.entries().create(r.path("entry"), r.requiredString("text"));
    return Response.created(Map.of("entry", e.entry(), "text", e.text(), "createdAt", e.createdAt()));
  }
}

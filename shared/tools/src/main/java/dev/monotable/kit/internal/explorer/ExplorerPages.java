package dev.monotable.kit.internal.explorer;

import dev.monotable.kit.json.Json;
import dev.monotable.kit.local.LocalPages;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The explorer as local pages: the page itself at {@value #PAGE} (plain HTML, CSS and JavaScript
 * from this module's resources, {@code explorer/}) and its JSON endpoints under {@value #API}, a
 * prefix the deployed API never has ({@link LocalPages#RESERVED}). Every endpoint is a GET that
 * reads; refused input answers 4xx with the local API's error body and makes no request.
 * <ul>
 *   <li>{@code domains}: the registered domains, the tables of the engine, the defaults;</li>
 *   <li>{@code model?domain=}: indexes, entity charts, access patterns;</li>
 *   <li>{@code entities?domain=&table=}: counts and sizes per entity (a Scan: operator view);</li>
 *   <li>{@code query?domain=&table=&index=&pk=&op=&v1=&v2=&desc=&limit=&cursor=}: one Query;</li>
 *   <li>{@code run?domain=&table=&ap=&p=...&caller=&limit=&cursor=}: one access pattern through the
 *       data-access layer ({@code p} once per parameter, in order);</li>
 *   <li>{@code item?domain=&table=&pk=&sk=}: one GetItem with the chart and the verdict;</li>
 *   <li>{@code live?domain=&table=&after=}: stream records after the one numbered {@code after}.</li>
 * </ul>
 */
public final class ExplorerPages implements LocalPages, AutoCloseable {
  public static final String PAGE = "/explorer";
  public static final String API = "/_local/explorer/";
  private static final List<String> ASSETS = List.of("explorer.js", "explorer.css");

  private final Explorer explorer;

  public ExplorerPages(Explorer explorer) {
    this.explorer = explorer;
  }

  public Explorer explorer() {
    return explorer;
  }

  @Override
  public String title() {
    return "explorer";
  }

  @Override
  public String entryPath() {
    return PAGE;
  }

  @Override
  public boolean serves(String path) {
    return path.equals(PAGE) || path.equals(PAGE + "/") || path.startsWith(PAGE + "/") || path.startsWith(API);
  }

  @Override
  public Response serve(Request request) {
    String path = request.path();
    if (!request.method().equals("GET") && !request.method().equals("HEAD")) {
      return error(405, "method_not_allowed", "the explorer only reads: " + request.method() + " is not allowed");
    }
    if (path.equals(PAGE) || path.equals(PAGE + "/")) {
      return asset("index.html", "text/html; charset=utf-8");
    }
    if (path.startsWith(PAGE + "/")) {
      String name = path.substring(PAGE.length() + 1);
      if (!ASSETS.contains(name)) {
        return error(404, "not_found", "no explorer file " + name);
      }
      return asset(name, name.endsWith(".js") ? "text/javascript; charset=utf-8" : "text/css; charset=utf-8");
    }
    String endpoint = path.substring(API.length());
    try {
      Map<String, Object> body = switch (endpoint) {
        case "domains" -> explorer.domains();
        case "model" -> explorer.model(request.param("domain"));
        case "entities" -> explorer.entities(request.param("domain"), request.param("table"));
        case "query" -> explorer.query(request.param("domain"), request.param("table"), request.param("index"),
            request.param("pk"), request.param("op"), request.param("v1"), request.param("v2"),
            "true".equals(request.param("desc")), request.param("limit"), request.param("cursor"));
        case "run" -> explorer.run(request.param("domain"), request.param("table"), request.param("ap"),
            request.query().getOrDefault("p", new ArrayList<>()), request.param("caller"), request.param("limit"),
            request.param("cursor"));
        case "item" -> explorer.item(request.param("domain"), request.param("table"), request.param("pk"),
            request.param("sk"));
        case "live" -> explorer.live(request.param("domain"), request.param("table"), request.param("after"));
        default -> null;
      };
      if (body == null) {
        return error(404, "not_found", "no explorer endpoint " + endpoint);
      }
      return Response.json(200, Json.write(body));
    } catch (Explorer.Refused r) {
      return Response.json(r.status(), Json.write(r.body()));
    } catch (RuntimeException e) {
      // The table or the engine failed (a missing table, say): the page shows the reason.
      return error(502, "table_error", e.getClass().getSimpleName() + ": " + e.getMessage());
    }
  }

  private static Response error(int status, String code, String message) {
    return Response.json(status, Json.write(Map.of("error", Map.of("code", code, "message", message))));
  }

  private static Response asset(String name, String type) {
    try (InputStream in = ExplorerPages.class.getResourceAsStream("/explorer/" + name)) {
      if (in == null) {
        return error(500, "internal", "the explorer's " + name + " is missing from the build");
      }
      return new Response(200, type, in.readAllBytes());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    explorer.close();
  }
}

package dev.monotable.kit.local;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Pages and JSON endpoints that only the local service serves (the explorer, a metrics view): they
 * answer under their own path prefixes, which no domain route may use ({@link #RESERVED}), so the
 * deployed API, whose routes come from the domains' endpoints alone, never has them. The local
 * service tries them before its routes; {@code scripts/explore --web} serves them alone
 * ({@link LocalPagesServer}).
 */
public interface LocalPages {

  /**
   * Path prefixes reserved for local pages: a domain route under one of them is refused when the
   * local service starts.
   */
  List<String> RESERVED = List.of("/explorer", "/_local/");

  /** The page's title and entry path, for the start-up lines ({@code explorer /explorer}). */
  String title();

  String entryPath();

  /** True when this page answers the path (it must lie under a {@link #RESERVED} prefix). */
  boolean serves(String path);

  /** Answers one request for a path it {@link #serves}. */
  Response serve(Request request);

  /**
   * One request.
   *
   * @param method HTTP method
   * @param path raw path
   * @param query decoded query parameters, each with every value in order
   * @param body the body, empty when none
   */
  record Request(String method, String path, Map<String, List<String>> query, byte[] body) {

    /** The first value of a query parameter, or null. */
    public String param(String name) {
      List<String> v = query.get(name);
      return v == null || v.isEmpty() ? null : v.get(0);
    }

    /**
     * Parses a raw query string; a malformed percent-encoding throws {@link IllegalArgumentException}
     * (the caller answers 400).
     */
    public static Map<String, List<String>> parseQuery(String raw) {
      Map<String, List<String>> out = new LinkedHashMap<>();
      if (raw == null || raw.isEmpty()) {
        return out;
      }
      for (String pair : raw.split("&")) {
        if (pair.isEmpty()) {
          continue;
        }
        int eq = pair.indexOf('=');
        String k = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
        String v = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
        out.computeIfAbsent(k, x -> new ArrayList<>()).add(v);
      }
      return out;
    }
  }

  /** What to send back. */
  record Response(int status, String contentType, byte[] body) {

    public static Response json(int status, String json) {
      return new Response(status, "application/json", json.getBytes(StandardCharsets.UTF_8));
    }
  }

  /** True when a path lies under a reserved prefix. */
  static boolean reserved(String path) {
    for (String p : RESERVED) {
      if (path.equals(p) || path.startsWith(p.endsWith("/") ? p : p + "/")) {
        return true;
      }
    }
    return false;
  }
}

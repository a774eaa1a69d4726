package dev.monotable.kit.local;

import dev.monotable.kit.catalog.Endpoint;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Matches request paths against a domain's endpoints the way API Gateway matches routes: a
 * {@code {param}} is one path segment, literal segments win over parameters, and path parameters
 * arrive URL-decoded.
 */
public final class RouteTable {

  /** A matched route with its decoded path parameters. */
  public record Match(Endpoint endpoint, Map<String, String> pathParameters) {}

  /** A path segment whose percent-encoding is malformed ({@code %zz}); names its parameter. */
  public static final class BadSegment extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String parameter;

    BadSegment(String parameter) {
      super(parameter + " is not valid percent-encoding", null, false, false);
      this.parameter = parameter;
    }

    public String parameter() {
      return parameter;
    }
  }

  private record Compiled(Endpoint endpoint, Pattern regex, List<String> names, int literalSegments) {}

  private final List<Compiled> routes = new ArrayList<>();

  public RouteTable(List<Endpoint> endpoints) {
    for (Endpoint e : endpoints) {
      List<String> names = new ArrayList<>();
      StringBuilder re = new StringBuilder("^");
      int literals = 0;
      for (String segment : e.path().substring(1).split("/")) {
        re.append('/');
        if (segment.startsWith("{") && segment.endsWith("}")) {
          names.add(segment.substring(1, segment.length() - 1));
          re.append("([^/]+)");
        } else {
          literals++;
          re.append(Pattern.quote(segment));
        }
      }
      routes.add(new Compiled(e, Pattern.compile(re.append('$').toString()), names, literals));
    }
    // More literal segments first: /user/starred/... must not be captured by /users/{x}/...
    routes.sort((a, b) -> Integer.compare(b.literalSegments(), a.literalSegments()));
  }

  /** The route for this method and raw path, or null; {@link BadSegment} when a parameter cannot be decoded. */
  public Match match(String method, String rawPath) {
    for (Compiled c : routes) {
      if (!c.endpoint().method().equals(method)) {
        continue;
      }
      Matcher m = c.regex().matcher(rawPath);
      if (m.matches()) {
        Map<String, String> params = new LinkedHashMap<>();
        for (int i = 0; i < c.names().size(); i++) {
          String name = c.names().get(i);
          try {
            params.put(name, URLDecoder.decode(m.group(i + 1).replace("+", "%2B"), StandardCharsets.UTF_8));
          } catch (IllegalArgumentException badEscape) {
            throw new BadSegment(name);
          }
        }
        return new Match(c.endpoint(), params);
      }
    }
    return null;
  }

  /** True when some route has this path with another method (405 rather than 404). */
  public boolean pathExists(String rawPath) {
    return routes.stream().anyMatch(c -> c.regex().matcher(rawPath).matches());
  }
}

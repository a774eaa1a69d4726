package dev.monotable.shop.functions;

import dev.monotable.kit.data.Page;
import java.util.LinkedHashMap;
import java.util.Map;

/** A page as a list route answers it: {@code items} and {@code nextCursor} (null on the last page). */
final class PageBody {
  private PageBody() {}

  static Map<String, Object> of(Page<Map<String, Object>> page) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("items", page.items());
    body.put("nextCursor", page.nextCursor());
    return body;
  }
}

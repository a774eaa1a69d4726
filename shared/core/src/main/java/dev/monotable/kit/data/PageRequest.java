package dev.monotable.kit.data;

import dev.monotable.kit.errors.ValidationException;

/** {@code ?limit=} (1..100, default 30) and {@code ?cursor=} (absent, or a cursor the service issued) of a list route. */
public record PageRequest(int limit, String cursor) {
  public static final int DEFAULT_LIMIT = 30;
  public static final int MAX_LIMIT = 100;

  public PageRequest {
    if (limit < 1 || limit > MAX_LIMIT) {
      throw new ValidationException("limit", "limit must be from 1 to 100");
    }
    // An empty ?cursor= is no cursor the service issued: a 400, not the first page (a client that
    // lost its cursor would otherwise start over silently). Absent is null.
    if (cursor != null && cursor.isEmpty()) {
      throw new ValidationException("invalid_cursor", "cursor", "cursor is empty; omit it for the first page");
    }
  }

  public static PageRequest first(int limit) {
    return new PageRequest(limit, null);
  }

  /** Parses query-string values; null means absent. */
  public static PageRequest parse(String limit, String cursor) {
    int n = DEFAULT_LIMIT;
    if (limit != null) {
      // ASCII digits only: Integer.parseInt would also read full-width or Arabic-Indic digits.
      if (limit.isEmpty() || limit.length() > 3 || !limit.chars().allMatch(c -> c >= '0' && c <= '9')) {
        throw new ValidationException("limit", "limit must be from 1 to 100");
      }
      n = Integer.parseInt(limit);
    }
    return new PageRequest(n, cursor);
  }
}

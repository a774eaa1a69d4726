package dev.monotable.kit.catalog;

/** How a route identifies its caller. */
public enum Auth {
  /** No caller needed; no token is read. */
  NONE,
  /**
   * Public read whose answer depends on the caller (items only some callers may see): a valid bearer token
   * widens what is visible, an invalid one is a 401, none means anonymous.
   */
  OPTIONAL,
  /** A valid JWT is required before the handler runs (API Gateway JWT authorizer). */
  REQUIRED
}

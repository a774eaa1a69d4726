package dev.monotable.functions.http;

import dev.monotable.shared.errors.ForgeException;

/** Failures found by the HTTP layer itself (body too large, malformed JSON, missing If-Match...). */
public final class ApiError extends ForgeException {
  private static final long serialVersionUID = 1L;
  private final int status;
  private final String field;

  public ApiError(int status, String code, String field, String message) {
    super(code, message);
    this.status = status;
    this.field = field;
  }

  public int status() {
    return status;
  }

  public String field() {
    return field;
  }
}

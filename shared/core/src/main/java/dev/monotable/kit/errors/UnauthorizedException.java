package dev.monotable.kit.errors;

/** No caller, or a token that is missing, expired, wrongly signed or wrongly issued. */
public final class UnauthorizedException extends ServiceException {
  private static final long serialVersionUID = 1L;

  public UnauthorizedException(String message) {
    super("unauthorized", message);
  }
}

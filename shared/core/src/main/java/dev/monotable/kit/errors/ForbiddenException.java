package dev.monotable.kit.errors;

/** The caller is authenticated but not allowed to do this (a domain's api-contract.md, "Permissions"). */
public final class ForbiddenException extends ServiceException {
  private static final long serialVersionUID = 1L;

  public ForbiddenException(String message) {
    super("forbidden", message);
  }
}

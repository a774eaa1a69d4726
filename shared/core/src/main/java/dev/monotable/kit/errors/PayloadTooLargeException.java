package dev.monotable.kit.errors;

/** The request body exceeds the service's limit (a domain's api-contract.md, "Input rules"); nothing was read. */
public final class PayloadTooLargeException extends ServiceException {
  private static final long serialVersionUID = 1L;

  public PayloadTooLargeException(String message) {
    super("payload_too_large", message);
  }
}

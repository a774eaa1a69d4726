package dev.monotable.kit.errors;

/**
 * Base of the domain exceptions thrown at the data-access boundary. Each subclass is one failure
 * kind; the functions module maps each kind to one HTTP status in one place.
 */
public abstract class ServiceException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final String code;

  protected ServiceException(String code, String message) {
    super(message);
    this.code = code;
  }

  protected ServiceException(String code, String message, Throwable cause) {
    super(message, cause);
    this.code = code;
  }

  /** Machine-readable error code, for example {@code conflict}. */
  public String code() {
    return code;
  }
}

package dev.monotable.kit.errors;

/** Input broke a rule of the domain's api-contract.md ("Input rules"); nothing was written. */
public final class ValidationException extends ServiceException {
  private static final long serialVersionUID = 1L;
  private final String field;

  public ValidationException(String field, String message) {
    super("validation", message);
    this.field = field;
  }

  public ValidationException(String code, String field, String message) {
    super(code, message);
    this.field = field;
  }

  /** The offending field (JSON name or parameter), or null when the whole body is at fault. */
  public String field() {
    return field;
  }
}

package dev.monotable.kit.errors;

/** A uniqueness or state rule was violated; {@link #conflict()} names what conflicted. */
public final class ConflictException extends ServiceException {
  private static final long serialVersionUID = 1L;
  private final String conflict;

  public ConflictException(String conflict, String message) {
    super("conflict", message);
    this.conflict = conflict;
  }

  /** What conflicted: {@code username}, {@code email}, {@code repository}, {@code lastAdmin}... */
  public String conflict() {
    return conflict;
  }
}

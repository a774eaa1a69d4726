package dev.monotable.kit.errors;

/** The item does not exist, or the caller may not know that it exists (an item only others may see). */
public final class NotFoundException extends ServiceException {
  private static final long serialVersionUID = 1L;

  public NotFoundException(String what) {
    super("not_found", what + " not found");
  }
}

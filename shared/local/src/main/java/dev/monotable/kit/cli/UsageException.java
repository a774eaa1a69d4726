package dev.monotable.kit.cli;

/** Bad command line: the tool prints the message and its usage, and exits 2. */
public final class UsageException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public UsageException(String message) {
    super(message);
  }
}

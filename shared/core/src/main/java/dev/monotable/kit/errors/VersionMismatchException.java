package dev.monotable.kit.errors;

/** Optimistic locking failed: the item's {@code Version} is not the one the caller read. */
public final class VersionMismatchException extends ServiceException {
  private static final long serialVersionUID = 1L;
  private final long currentVersion;

  public VersionMismatchException(long expected, long current) {
    super("version_mismatch", "version " + expected + " is stale; current version is " + current);
    this.currentVersion = current;
  }

  public long currentVersion() {
    return currentVersion;
  }
}

package dev.monotable.kit.migrate;

/**
 * A write the two designs did not take alike, reported and never silently dropped: the old design
 * accepted it and the single table refused it (a value its key rules refuse, a failed write), or
 * the old design received a write after its tables were retired for writes.
 *
 * @param operation the old design's request ({@code PutItem}, {@code UpdateItem}...)
 * @param oldTable the old table written
 * @param oldKey the old item's key, as text
 * @param acceptedBy {@code old} or {@code new}: the side that took the write
 * @param reason why the other side did not
 */
public record Divergence(String operation, String oldTable, String oldKey, String acceptedBy, String reason) {

  /** One line for a log: {@code divergence PutItem Things {thingId=t1}: accepted by old, ...}. */
  @Override
  public String toString() {
    return "divergence " + operation + " " + oldTable + " " + oldKey + ": accepted by " + acceptedBy + ", " + reason;
  }
}

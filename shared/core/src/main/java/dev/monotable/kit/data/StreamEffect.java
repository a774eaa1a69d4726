package dev.monotable.kit.data;

/**
 * What applying a stream record did: the one outcome type of stream effects, answered by the
 * kit's stream handler for each record and by the data-access methods the handlers call
 * ({@link CountOnce} among them). Lambda delivers records at least once, so every effect is
 * written to be idempotent: a redelivered record answers {@link #ALREADY_APPLIED}.
 */
public enum StreamEffect {
  /** Wrote its effect. */
  APPLIED,
  /** Its effect is already in the table (a redelivered or older record): wrote nothing. */
  ALREADY_APPLIED,
  /**
   * Nothing to do: not for this handler, or its target is gone or not concerned: wrote nothing.
   */
  IGNORED;

  /**
   * Two effects of one record (for example two writes it makes): {@link #APPLIED} when either
   * wrote, else {@code this}, the first one.
   */
  public StreamEffect or(StreamEffect other) {
    return this == APPLIED || other == APPLIED ? APPLIED : this;
  }
}

package dev.monotable.kit.data;

import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Reads the CancellationReasons of a TransactWriteItems by action index, so each data-access class
 * maps "the condition of action i failed" to its domain exception. A cancellation without any
 * failed condition (TransactionConflict, throttling) is not a domain outcome and is rethrown; the
 * HTTP layer asks {@link #isConflict} to answer it as a retryable 409. The one reader of
 * cancellation reasons in the code base.
 */
public final class TransactionFailures {
  static final String CONDITIONAL_CHECK_FAILED = "ConditionalCheckFailed";
  static final String TRANSACTION_CONFLICT = "TransactionConflict";

  private final TransactionCanceledException cause;
  private final List<CancellationReason> reasons;

  private TransactionFailures(TransactionCanceledException cause) {
    this.cause = cause;
    this.reasons = cause.hasCancellationReasons() ? cause.cancellationReasons() : List.of();
  }

  /**
   * Wraps a cancellation; rethrows it unchanged when no action's condition failed. Only
   * {@link WriteTransaction#commit(Object, WriteTransaction.Refusal)} calls it.
   */
  static TransactionFailures of(TransactionCanceledException e) {
    if (!conditionFailed(e)) {
      throw e;
    }
    return new TransactionFailures(e);
  }

  /**
   * True when the condition of at least one action failed (reason ConditionalCheckFailed): the
   * transaction was refused for what the items hold, not for a conflict or a limit.
   */
  public static boolean conditionFailed(TransactionCanceledException e) {
    return e.hasCancellationReasons()
        && e.cancellationReasons().stream().anyMatch(r -> CONDITIONAL_CHECK_FAILED.equals(r.code()));
  }

  /**
   * True when another transaction held one of the items (reason TransactionConflict): nothing was
   * written and the whole request may be retried.
   */
  public static boolean isConflict(TransactionCanceledException e) {
    return e.hasCancellationReasons()
        && e.cancellationReasons().stream().anyMatch(r -> TRANSACTION_CONFLICT.equals(r.code()));
  }

  /** True when the condition of the action at {@code index} failed. */
  public boolean failed(int index) {
    return failed(reasons, index);
  }

  /**
   * The item as it was when the condition of action {@code index} failed (requested with
   * ReturnValuesOnConditionCheckFailure.ALL_OLD), or null when the item did not exist.
   */
  public Map<String, AttributeValue> oldItem(int index) {
    return oldItem(reasons, index);
  }

  private static boolean failed(List<CancellationReason> reasons, int index) {
    return index >= 0 && index < reasons.size() && CONDITIONAL_CHECK_FAILED.equals(reasons.get(index).code());
  }

  private static Map<String, AttributeValue> oldItem(List<CancellationReason> reasons, int index) {
    if (!failed(reasons, index)) {
      return null;
    }
    CancellationReason r = reasons.get(index);
    return r.hasItem() && !r.item().isEmpty() ? r.item() : null;
  }

  /** The cancellation itself, as the cause of an exception that explains it. */
  public TransactionCanceledException cause() {
    return cause;
  }

  /**
   * The original exception, for a failure no mapping expected (a bug or corrupted data); thrown
   * by {@link WriteTransaction#commit(Object, WriteTransaction.Refusal)} only.
   */
  IllegalStateException unexpected() {
    return new IllegalStateException("transaction cancelled unexpectedly: " + reasons, cause);
  }
}

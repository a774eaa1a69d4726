package dev.monotable.kit.data;

/**
 * What the DynamoDB calls of one invocation did, counted by {@link CallMeter} on the process's one
 * client: requests, attempts (retries are attempts beyond the first), read and write capacity as
 * DynamoDB reported it ({@code ReturnConsumedCapacity INDEXES}, the total of each answer), conditional-check refusals,
 * transaction conflicts and throttled requests. The invocation's base handler {@link #open}s one
 * tally on its thread and {@link #close}s it when it answers; calls made while none is open
 * (SnapStart priming, tools) are not counted. One thread serves an invocation (Lambda runs one at a
 * time per container; the local service one per HTTP exchange), so a thread-local needs no locks.
 */
public final class CallTally {
  private static final ThreadLocal<CallTally> CURRENT = new ThreadLocal<>();

  private int requests;
  private int attempts;
  private double readCapacity;
  private double writeCapacity;
  private int capacityReports;
  private int conditionalRefusals;
  private int transactionConflicts;
  private int throttles;

  private CallTally() {}

  /** Opens a new tally on this thread, replacing one left open. */
  public static CallTally open() {
    CallTally tally = new CallTally();
    CURRENT.set(tally);
    return tally;
  }

  /** Closes this thread's tally and returns it; an empty one when none was open. */
  public static CallTally close() {
    CallTally tally = CURRENT.get();
    CURRENT.remove();
    return tally != null ? tally : new CallTally();
  }

  /** The tally open on this thread, or null. */
  static CallTally current() {
    return CURRENT.get();
  }

  void request() {
    requests++;
  }

  void attempt() {
    attempts++;
  }

  void capacity(double read, double write) {
    readCapacity += read;
    writeCapacity += write;
    capacityReports++;
  }

  void conditionalRefusal() {
    conditionalRefusals++;
  }

  void transactionConflict() {
    transactionConflicts++;
  }

  void throttle() {
    throttles++;
  }

  /** DynamoDB requests made (each BatchGetItem retry of UnprocessedKeys is a request of its own). */
  public int requests() {
    return requests;
  }

  /** Attempts the SDK sent beyond the first of each request (its retries of throttles and 5xx). */
  public int retries() {
    return Math.max(0, attempts - requests);
  }

  /** Read capacity units DynamoDB reported for the successful requests. */
  public double readCapacity() {
    return readCapacity;
  }

  /** Write capacity units DynamoDB reported for the successful requests, index writes included. */
  public double writeCapacity() {
    return writeCapacity;
  }

  /** Requests whose answer carried ConsumedCapacity; fewer than {@link #requests} when some failed. */
  public int capacityReports() {
    return capacityReports;
  }

  /** Requests refused by a condition: ConditionalCheckFailed, alone or as a transaction's reason. */
  public int conditionalRefusals() {
    return conditionalRefusals;
  }

  /** Transactions cancelled because another request held one of their items (TransactionConflict). */
  public int transactionConflicts() {
    return transactionConflicts;
  }

  /** Requests that failed throttled after the SDK's retries. */
  public int throttles() {
    return throttles;
  }
}

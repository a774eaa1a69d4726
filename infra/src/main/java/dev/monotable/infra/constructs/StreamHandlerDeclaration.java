package dev.monotable.infra.constructs;

import dev.monotable.shared.catalog.DynamoAction;
import dev.monotable.shared.schema.TableSchema.Gsi;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a table-stream consumer needs from infra, and nothing more: the handler class, which
 * records reach it (event names and item {@code Type} values, filtered by Lambda before
 * invocation), how batches fail, and the DynamoDB access it needs. {@link StreamHandlerFunction}
 * turns one declaration into a function, an event source mapping and an on-failure queue.
 *
 * @param handlerClass fully qualified class of a {@code RequestHandler<DynamodbEvent, StreamsEventResponse>}
 * @param itemTypes values of the {@code Type} attribute of the items to receive; never empty
 * @param eventNames stream event names to receive: INSERT, MODIFY, REMOVE
 * @param batchSize records per invocation, 1..10000
 * @param reportBatchItemFailures handler returns the failed sequence numbers (partial batch retry)
 * @param bisectBatchOnError split a failing batch to isolate a poison record
 * @param retryAttempts retries before the batch goes to the on-failure queue, 0..10000
 * @param actions DynamoDB actions granted on the table ARN (Query here means the base table)
 * @param indexes indexes the handler may Query, each on its own ARN
 */
public record StreamHandlerDeclaration(
    String handlerClass,
    Set<String> itemTypes,
    Set<String> eventNames,
    int batchSize,
    boolean reportBatchItemFailures,
    boolean bisectBatchOnError,
    int retryAttempts,
    Set<DynamoAction> actions,
    Set<Gsi> indexes) {

  public static final Set<String> EVENT_NAMES = Set.of("INSERT", "MODIFY", "REMOVE");

  public StreamHandlerDeclaration {
    itemTypes = Set.copyOf(new LinkedHashSet<>(itemTypes));
    eventNames = Set.copyOf(eventNames);
    actions = actions.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(actions));
    indexes = indexes.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(indexes));
  }

  /** Problems that make the declaration undeployable; checked at synth time. */
  public List<String> problems() {
    List<String> problems = new ArrayList<>();
    String name = handlerClass == null ? "<no handler class>" : handlerClass;
    if (handlerClass == null || handlerClass.isBlank()) {
      problems.add("stream handler without handlerClass");
    }
    if (itemTypes.isEmpty()) {
      problems.add(name + ": itemTypes must name the Type values it consumes (no unfiltered consumers)");
    }
    if (eventNames.isEmpty() || !EVENT_NAMES.containsAll(eventNames)) {
      problems.add(name + ": eventNames must be a non-empty subset of " + EVENT_NAMES);
    }
    if (batchSize < 1 || batchSize > 10_000) {
      problems.add(name + ": batchSize must be within 1..10000");
    }
    if (retryAttempts < 0 || retryAttempts > 10_000) {
      problems.add(name + ": retryAttempts must be within 0..10000 (infinite retries block the shard)");
    }
    if (!indexes.isEmpty() && !actions.contains(DynamoAction.QUERY)) {
      problems.add(name + ": indexes without the Query action");
    }
    return problems;
  }

  public static Builder builder(String handlerClass) {
    return new Builder(handlerClass);
  }

  /** Builder with the defaults every consumer should start from. */
  public static final class Builder {
    private final String handlerClass;
    private final Set<String> itemTypes = new LinkedHashSet<>();
    private Set<String> eventNames = EVENT_NAMES;
    private int batchSize = 100;
    private boolean reportBatchItemFailures = true;
    private boolean bisectBatchOnError = true;
    private int retryAttempts = 3;
    private Set<DynamoAction> actions = Set.of();
    private Set<Gsi> indexes = Set.of();

    private Builder(String handlerClass) {
      this.handlerClass = handlerClass;
    }

    /** Required: at least one. */
    public Builder itemTypes(String... types) {
      itemTypes.addAll(List.of(types));
      return this;
    }

    /** @default INSERT, MODIFY and REMOVE */
    public Builder eventNames(String... names) {
      this.eventNames = Set.of(names);
      return this;
    }

    /** @default 100 */
    public Builder batchSize(int batchSize) {
      this.batchSize = batchSize;
      return this;
    }

    /** @default true */
    public Builder reportBatchItemFailures(boolean value) {
      this.reportBatchItemFailures = value;
      return this;
    }

    /** @default true */
    public Builder bisectBatchOnError(boolean value) {
      this.bisectBatchOnError = value;
      return this;
    }

    /** @default 3 */
    public Builder retryAttempts(int retryAttempts) {
      this.retryAttempts = retryAttempts;
      return this;
    }

    /** @default none: the handler only reads the stream */
    public Builder actions(DynamoAction... actions) {
      this.actions = Set.of(actions);
      return this;
    }

    /** @default none */
    public Builder indexes(Gsi... indexes) {
      this.indexes = Set.of(indexes);
      return this;
    }

    public StreamHandlerDeclaration build() {
      return new StreamHandlerDeclaration(handlerClass, itemTypes, eventNames, batchSize,
          reportBatchItemFailures, bisectBatchOnError, retryAttempts, actions, indexes);
    }
  }
}

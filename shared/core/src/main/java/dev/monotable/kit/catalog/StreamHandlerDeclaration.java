package dev.monotable.kit.catalog;

import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One consumer of the table's stream: the handler class, which records reach it (event names,
 * item {@code Type} values and, for TTL consumers, the deleting principal; Lambda filters them
 * before invocation and the local pipeline applies {@link #accepts} the same way), how batches
 * fail, and the DynamoDB access it needs. Infra turns a declaration into a function, a filtered
 * event source mapping and an on-failure queue; {@code scripts/dev} runs the handler in-process.
 *
 * @param stream the contract's name of the effect (ST1..ST4)
 * @param handlerClass fully qualified class of a {@code RequestHandler<DynamodbEvent, StreamsEventResponse>}
 * @param itemTypes values of the {@code Type} attribute of the items to receive; never empty
 * @param eventNames stream event names to receive: INSERT, MODIFY, REMOVE
 * @param ttlDeletionsOnly receive only records whose userIdentity is DynamoDB's TTL service
 * @param batchSize records per invocation, 1..10000
 * @param reportBatchItemFailures handler returns the failed sequence numbers (partial batch retry)
 * @param bisectBatchOnError split a failing batch to isolate a poison record
 * @param retryAttempts retries before the batch goes to the on-failure queue, 0..10000
 * @param maximumRecordAgeSeconds records older than this go to the on-failure queue unprocessed, 60..604800
 * @param actions DynamoDB actions granted on the table ARN (Query here means the base table)
 * @param indexes indexes the handler may Query, each on its own ARN
 * @param outlet the name of the queue the handler hands messages to (infra creates it and grants
 *     the function {@code sqs:SendMessage} on it alone), or null for none
 */
public record StreamHandlerDeclaration(
    String stream,
    String handlerClass,
    Set<String> itemTypes,
    Set<String> eventNames,
    boolean ttlDeletionsOnly,
    int batchSize,
    boolean reportBatchItemFailures,
    boolean bisectBatchOnError,
    int retryAttempts,
    int maximumRecordAgeSeconds,
    Set<DynamoAction> actions,
    Set<Gsi> indexes,
    String outlet) {

  public static final Set<String> EVENT_NAMES = Set.of("INSERT", "MODIFY", "REMOVE");

  /** An outlet's name: it names the queue's construct and the local file, so letters and digits. */
  public static final java.util.regex.Pattern OUTLET_NAME = java.util.regex.Pattern.compile("^[A-Z][A-Za-z0-9]{0,39}$");

  /** userIdentity of a TTL deletion's REMOVE record, as DynamoDB writes it. */
  public static final String TTL_IDENTITY_TYPE = "Service";
  public static final String TTL_PRINCIPAL = "dynamodb.amazonaws.com";

  public StreamHandlerDeclaration {
    itemTypes = Set.copyOf(new LinkedHashSet<>(itemTypes));
    eventNames = Set.copyOf(eventNames);
    actions = actions.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(actions));
    indexes = indexes.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(indexes));
  }

  /** Simple class name of the handler, used to name its function and its log lines. */
  public String handlerName() {
    return handlerClass.substring(handlerClass.lastIndexOf('.') + 1);
  }

  /**
   * True when Lambda's filter criteria (see infra's {@code StreamHandlerFunction.filters}) let
   * this record through: its event name is declared, the image that event carries (NewImage,
   * OldImage for REMOVE) has a declared {@code Type}, and for TTL consumers the deleting
   * principal is DynamoDB itself.
   */
  public boolean accepts(String eventName, Map<String, AttributeValue> newImage, Map<String, AttributeValue> oldImage,
      String identityType, String principalId) {
    if (!eventNames.contains(eventName)) {
      return false;
    }
    Map<String, AttributeValue> image = imageOf(eventName, newImage, oldImage);
    AttributeValue type = image == null ? null : image.get(TableSchema.TYPE);
    if (type == null || type.s() == null || !itemTypes.contains(type.s())) {
      return false;
    }
    return !ttlDeletionsOnly || (TTL_IDENTITY_TYPE.equals(identityType) && TTL_PRINCIPAL.equals(principalId));
  }

  /** The image a filter on this event name looks at: the old one for REMOVE, else the new one. */
  public static <V> Map<String, V> imageOf(String eventName, Map<String, V> newImage, Map<String, V> oldImage) {
    return "REMOVE".equals(eventName) ? oldImage : newImage;
  }

  /** Problems that make the declaration undeployable; checked at synth time and by tests. */
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
    if (ttlDeletionsOnly && !eventNames.equals(Set.of("REMOVE"))) {
      problems.add(name + ": ttlDeletionsOnly consumes REMOVE records only");
    }
    if (batchSize < 1 || batchSize > 10_000) {
      problems.add(name + ": batchSize must be within 1..10000");
    }
    if (retryAttempts < 0 || retryAttempts > 10_000) {
      problems.add(name + ": retryAttempts must be within 0..10000 (infinite retries block the shard)");
    }
    if (maximumRecordAgeSeconds < 60 || maximumRecordAgeSeconds > 604_800) {
      problems.add(name + ": maximumRecordAgeSeconds must be within 60..604800 (unbounded age blocks the shard)");
    }
    if (!indexes.isEmpty() && !actions.contains(DynamoAction.QUERY)) {
      problems.add(name + ": indexes without the Query action");
    }
    if (outlet != null && !OUTLET_NAME.matcher(outlet).matches()) {
      problems.add(name + ": outlet must match " + OUTLET_NAME.pattern());
    }
    return problems;
  }

  public static Builder builder(String handlerClass) {
    return new Builder(handlerClass);
  }

  /** Builder with the defaults every consumer should start from. */
  public static final class Builder {
    private final String handlerClass;
    private String stream;
    private final Set<String> itemTypes = new LinkedHashSet<>();
    private Set<String> eventNames = EVENT_NAMES;
    private boolean ttlDeletionsOnly;
    private int batchSize = 100;
    private boolean reportBatchItemFailures = true;
    private boolean bisectBatchOnError = true;
    private int retryAttempts = 3;
    private int maximumRecordAgeSeconds = 86_400;
    private Set<DynamoAction> actions = Set.of();
    private Set<Gsi> indexes = Set.of();
    private String outlet;

    private Builder(String handlerClass) {
      this.handlerClass = handlerClass;
    }

    /** @default the handler's simple class name */
    public Builder stream(String stream) {
      this.stream = stream;
      return this;
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

    /** Only REMOVE records written by DynamoDB's TTL deletion. @default false */
    public Builder ttlDeletionsOnly(boolean value) {
      this.ttlDeletionsOnly = value;
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

    /** @default one day */
    public Builder maximumRecordAgeSeconds(int seconds) {
      this.maximumRecordAgeSeconds = seconds;
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

    /** A queue the handler sends messages to, named {@code name} (an SQS queue on AWS, a JSON-lines file locally). @default none */
    public Builder outlet(String name) {
      this.outlet = name;
      return this;
    }

    public StreamHandlerDeclaration build() {
      String name = stream != null ? stream
          : handlerClass == null ? null : handlerClass.substring(handlerClass.lastIndexOf('.') + 1);
      return new StreamHandlerDeclaration(name, handlerClass, itemTypes, eventNames, ttlDeletionsOnly, batchSize,
          reportBatchItemFailures, bisectBatchOnError, retryAttempts, maximumRecordAgeSeconds, actions, indexes, outlet);
    }
  }
}

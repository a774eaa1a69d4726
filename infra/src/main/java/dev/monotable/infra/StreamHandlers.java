package dev.monotable.infra;

import dev.monotable.infra.constructs.StreamHandlerDeclaration;
import java.util.List;

/**
 * The table-stream consumers deployed with the stack. Empty until stream handlers land; adding
 * one is a declaration here, for example:
 *
 * <pre>{@code
 * StreamHandlerDeclaration.builder("dev.monotable.functions.streams.ActivityFeedHandler")
 *     .itemTypes("Issue", "PullRequest", "Star")
 *     .eventNames("INSERT")
 *     .batchSize(50)
 *     .actions(DynamoAction.PUT_ITEM)
 *     .build()
 * }</pre>
 *
 * <p>{@link ForgeStack} then creates the function (SnapStart alias, own role, log group, alarms),
 * its filtered event source mapping and an SQS on-failure queue in a "Streams" nested stack.
 */
public final class StreamHandlers {

  public static final List<StreamHandlerDeclaration> DECLARATIONS = List.of();

  private StreamHandlers() {}
}

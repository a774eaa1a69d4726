package dev.monotable.kit.stream;

import dev.monotable.kit.Env;
import java.nio.file.Path;

/**
 * Where a stream handler hands messages to the world outside the table (a confirmation to send, an
 * event to publish): the SQS queue infra creates for the handler's declared outlet
 * ({@code StreamHandlerDeclaration#outlet}), or locally a JSON-lines file. A message carries an id
 * the receiver deduplicates by (the FIFO queue's deduplication id): a handler that sends again
 * after a crash sends the same id.
 */
public interface Outlet {

  /**
   * Hands over one message.
   *
   * @param id the message's deduplication id (an order id, a record id): the same for a resend
   * @param group the FIFO group: messages of one group are delivered in order
   * @param json the message body
   */
  void send(String id, String group, String json);

  /**
   * The outlet {@code name} of this function: the queue at {@link Env#OUTLET_QUEUE_URL} when infra
   * set it, else the file {@code {name}.jsonl} in {@link Env#MONOTABLE_OUTBOX} (default
   * {@code target/outbox}).
   */
  static Outlet fromEnvironment(String name) {
    String queue = Env.get(Env.OUTLET_QUEUE_URL);
    if (queue != null) {
      return SqsOutlet.to(queue);
    }
    String folder = Env.get(Env.MONOTABLE_OUTBOX);
    return new JsonLinesOutlet(Path.of(folder == null ? "target/outbox" : folder).resolve(name + ".jsonl"));
  }
}

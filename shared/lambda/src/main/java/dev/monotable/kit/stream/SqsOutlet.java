package dev.monotable.kit.stream;

import dev.monotable.kit.Env;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.SendMessageRequest;

/**
 * The outlet on AWS: one SendMessage per message to the handler's FIFO queue, the message's id as
 * its deduplication id, so SQS drops a resend of the same id within its five-minute deduplication
 * interval. The client is built once per container. Needs {@code software.amazon.awssdk:sqs} on the
 * domain's class path (an optional dependency of the kit).
 */
public final class SqsOutlet implements Outlet {
  private final SqsClient client;
  private final String queueUrl;

  public SqsOutlet(SqsClient client, String queueUrl) {
    this.client = client;
    this.queueUrl = queueUrl;
  }

  /** An outlet to {@code queueUrl} with a lean client in the function's region. */
  static SqsOutlet to(String queueUrl) {
    return new SqsOutlet(SqsClient.builder().region(Region.of(Env.region()))
        .httpClient(UrlConnectionHttpClient.builder().build()).build(), queueUrl);
  }

  @Override
  public void send(String id, String group, String json) {
    client.sendMessage(SendMessageRequest.builder().queueUrl(queueUrl).messageBody(json)
        .messageDeduplicationId(id).messageGroupId(group).build());
  }
}

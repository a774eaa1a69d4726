package dev.monotable.kit.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.LocalDynamoDb;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.MessageSystemAttributeName;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;
import software.amazon.awssdk.services.sqs.model.ReceiveMessageResponse;

/**
 * The AWS outlet against a real SQS API (the local engine's, moto's): a FIFO queue as infra creates
 * it (no content-based deduplication), so only the outlet's deduplication id keeps a resend out.
 */
class SqsOutletTest {

  @Test
  void send_shouldPutOneMessagePerId_inItsGroup_evenWhenSentAgain() {
    var builder = SqsClient.builder().region(Region.of(DynamoDbExtension.region()))
        .httpClient(UrlConnectionHttpClient.builder().build());
    if (LocalDynamoDb.endpoint() != null) { // else real AWS, with the default credentials
      builder.endpointOverride(LocalDynamoDb.endpoint())
          .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("test", "test")));
    }
    try (SqsClient sqs = builder.build()) {
      String queue;
      try {
        queue = sqs.createQueue(b -> b.queueName("outlet-" + UUID.randomUUID().toString().substring(0, 8) + ".fifo")
            .attributes(Map.of(QueueAttributeName.FIFO_QUEUE, "true"))).queueUrl();
      } catch (SdkException e) {
        // DynamoDB Local serves DynamoDB alone; the local engine (moto) and AWS serve SQS too.
        Assumptions.abort("the endpoint serves no SQS: " + e.getMessage());
        return;
      }
      try {
        Outlet outlet = new SqsOutlet(sqs, queue);

        outlet.send("order-1", "orders", "{\"order\":\"order-1\"}");
        outlet.send("order-1", "orders", "{\"order\":\"order-1\"}"); // a handler's resend after a crash
        outlet.send("order-2", "orders", "{\"order\":\"order-2\"}");

        List<Message> received = new ArrayList<>();
        for (int i = 0; i < 5 && received.size() < 3; i++) {
          ReceiveMessageResponse r = sqs.receiveMessage(b -> b.queueUrl(queue).maxNumberOfMessages(10)
              .messageSystemAttributeNames(MessageSystemAttributeName.MESSAGE_GROUP_ID,
                  MessageSystemAttributeName.MESSAGE_DEDUPLICATION_ID));
          for (Message m : r.messages()) {
            received.add(m);
            sqs.deleteMessage(b -> b.queueUrl(queue).receiptHandle(m.receiptHandle()));
          }
          if (r.messages().isEmpty()) {
            break;
          }
        }
        assertEquals(List.of("{\"order\":\"order-1\"}", "{\"order\":\"order-2\"}"),
            received.stream().map(Message::body).toList());
        assertEquals(List.of("order-1", "order-2"), received.stream()
            .map(m -> m.attributes().get(MessageSystemAttributeName.MESSAGE_DEDUPLICATION_ID)).toList());
        assertEquals(List.of("orders", "orders"), received.stream()
            .map(m -> m.attributes().get(MessageSystemAttributeName.MESSAGE_GROUP_ID)).toList());
      } finally {
        sqs.deleteQueue(b -> b.queueUrl(queue));
      }
    }
  }
}

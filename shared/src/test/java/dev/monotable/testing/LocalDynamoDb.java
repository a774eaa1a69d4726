package dev.monotable.testing;

import dev.monotable.shared.local.MotoServer;
import java.net.URI;

/**
 * The DynamoDB-compatible server of a test run: the endpoint in {@code DYNAMODB_ENDPOINT} when
 * set (DynamoDB Local, or {@code aws} for real AWS with the default credentials), otherwise one
 * {@code moto_server} started on a free loopback port for the whole JVM and stopped at exit.
 */
public final class LocalDynamoDb {
  private static URI endpoint;
  private static boolean resolved;

  private LocalDynamoDb() {}

  /** The endpoint, or null for real AWS ({@code DYNAMODB_ENDPOINT=aws}). */
  public static synchronized URI endpoint() {
    if (!resolved) {
      String configured = System.getenv("DYNAMODB_ENDPOINT");
      if (configured != null && !configured.isBlank()) {
        endpoint = "aws".equalsIgnoreCase(configured) ? null : URI.create(configured);
      } else {
        MotoServer moto = MotoServer.start(MotoServer.freePort());
        Runtime.getRuntime().addShutdownHook(new Thread(moto::close));
        endpoint = moto.endpoint();
      }
      resolved = true;
    }
    return endpoint;
  }
}

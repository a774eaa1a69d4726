package dev.monotable.testing;

import dev.monotable.kit.Env;
import dev.monotable.kit.engine.LocalEngine;
import java.net.URI;

/**
 * The DynamoDB-compatible server of a test run: the endpoint in {@code DYNAMODB_ENDPOINT} when
 * set (DynamoDB Local, or {@code aws} for real AWS with the default credentials), otherwise one
 * local engine ({@code scripts/engine}, moto made faithful) started on a free loopback port for the
 * whole JVM and stopped at exit.
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
        LocalEngine engine = LocalEngine.start(LocalEngine.script(Env.get(Env.MONOTABLE_ENGINE)), 0);
        Runtime.getRuntime().addShutdownHook(new Thread(engine::close));
        endpoint = engine.endpoint();
      }
      resolved = true;
    }
    return endpoint;
  }
}

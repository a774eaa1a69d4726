package dev.monotable.forge.data;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.concurrent.atomic.AtomicBoolean;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Deterministic races against the real server: a client that lets a concurrent writer act right
 * after the first GetItem or BatchGetItem returns, between a data-access method's read and its
 * conditional write.
 * Every request still goes to the server; nothing is stubbed.
 */
final class Races {
  private Races() {}

  static DynamoDbClient afterFirstRead(DynamoDbClient real, Runnable concurrentWriter) {
    AtomicBoolean fired = new AtomicBoolean();
    return (DynamoDbClient) Proxy.newProxyInstance(DynamoDbClient.class.getClassLoader(),
        new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
          Object result;
          try {
            result = method.invoke(real, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
          if ((method.getName().equals("getItem") || method.getName().equals("batchGetItem")) && fired.compareAndSet(false, true)) {
            concurrentWriter.run();
          }
          return result;
        });
  }
}

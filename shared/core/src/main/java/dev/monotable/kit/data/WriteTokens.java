package dev.monotable.kit.data;

import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * The token of each write an invocation makes, so a retry of the same request is recognised as
 * the write it repeats: a TransactWriteItems carries it as its {@code ClientRequestToken} (DynamoDB
 * then answers a repeat within ten minutes as it answered the first, without applying it again),
 * and a single conditional write stores it on its item ({@link dev.monotable.kit.schema.TableSchema#WRITE_TOKEN})
 * so that a refusal whose old item carries this write's token is known as its own write applied.
 *
 * <p>The token of the n-th write of an invocation is derived from the invocation: from the
 * client's {@code Idempotency-Key} (with the caller, route, path and body, so a key reused for
 * another request gives other tokens) when the request has one, else from the invocation's request
 * id. The SDK's own retries resend the same request object, so they carry the same token whatever
 * it is; a client's retry with the same {@code Idempotency-Key} derives the same tokens. Outside an
 * invocation (tools, tests, priming) each write gets a random token, which still covers the SDK's
 * retries. Every token is 36 characters in a UUID's form (DynamoDB's limit for
 * {@code ClientRequestToken}). One thread serves an invocation, as for {@link CallTally}.
 */
public final class WriteTokens {
  private static final ThreadLocal<Scope> CURRENT = new ThreadLocal<>();

  private static final class Scope {
    private final String base;
    private int writes;

    Scope(String base) {
      this.base = base;
    }
  }

  private WriteTokens() {}

  /**
   * Opens this thread's invocation, replacing one left open.
   *
   * @param idempotencyKey the request's {@code Idempotency-Key} header, or null
   * @param request what else names the request when a key is given: caller, route, path and body
   *     (null parts allowed)
   * @param requestId the invocation's request id, or null (then random)
   */
  public static void open(String idempotencyKey, String requestId, String... request) {
    String base;
    if (idempotencyKey != null && !idempotencyKey.isEmpty()) {
      StringBuilder b = new StringBuilder("key\u0000").append(idempotencyKey);
      for (String part : request) {
        b.append('\u0000').append(part == null ? "" : part);
      }
      base = b.toString();
    } else {
      base = "request\u0000" + (requestId != null ? requestId : UUID.randomUUID().toString());
    }
    CURRENT.set(new Scope(base));
  }

  /** Closes this thread's invocation. */
  public static void close() {
    CURRENT.remove();
  }

  /** The token of this invocation's next write (36 characters); random outside an invocation. */
  public static String next() {
    Scope scope = CURRENT.get();
    if (scope == null) {
      return random();
    }
    int position = scope.writes++;
    return UUID.nameUUIDFromBytes((scope.base + '\u0000' + position).getBytes(StandardCharsets.UTF_8)).toString();
  }

  /** A token no other write has: for a write that must be evaluated afresh. */
  public static String random() {
    return UUID.randomUUID().toString();
  }
}

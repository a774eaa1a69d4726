package dev.monotable.kit.http;

import dev.monotable.kit.data.CallMeter;
import dev.monotable.kit.data.TransactionFailures;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.ForbiddenException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.PayloadTooLargeException;
import dev.monotable.kit.errors.UnauthorizedException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.errors.VersionMismatchException;
import java.util.LinkedHashMap;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkServiceException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;
import java.util.Map;

/**
 * The one place where failure kinds become HTTP statuses and the
 * {@code {"error": {"code", "message", "field"}}} body. Anything unexpected is a 500 whose body
 * says nothing about the cause (the log has it).
 */
public final class ErrorMapper {
  private ErrorMapper() {}

  public static Response toResponse(Throwable t) {
    if (t instanceof ValidationException e) {
      return error(400, e.code(), e.getMessage(), e.field());
    } else if (t instanceof UnauthorizedException e) {
      return new Response(401, body(e.code(), e.getMessage(), null),
          Map.of("www-authenticate", "Bearer"));
    } else if (t instanceof ForbiddenException e) {
      return error(403, e.code(), e.getMessage(), null);
    } else if (t instanceof NotFoundException e) {
      return error(404, e.code(), e.getMessage(), null);
    } else if (t instanceof ConflictException e) {
      return error(409, e.code(), e.getMessage(), e.conflict());
    } else if (t instanceof VersionMismatchException e) {
      return new Response(412, body(e.code(), e.getMessage(), "If-Match"),
          Map.of("etag", "\"" + e.currentVersion() + "\""));
    } else if (t instanceof PayloadTooLargeException e) {
      return error(413, e.code(), e.getMessage(), null);
    } else if (t instanceof TransactionCanceledException e && TransactionFailures.isConflict(e)
        || t instanceof TransactionConflictException
        // The SDK's retry met its own first attempt still applying (same ClientRequestToken): sent again
        // with the token, it is answered as that attempt.
        || t instanceof software.amazon.awssdk.services.dynamodb.model.TransactionInProgressException) {
      // Another transaction held one of the items (a transaction's own, or a single-item write's
      // TransactionConflictException; the SDK retries neither): nothing was written and the same
      // request succeeds when sent again, so it is the service's moment, not the client's error: 503.
      return new Response(503, body("transaction_conflict", "a concurrent request held the same items; retry shortly",
          null), Map.of("retry-after", "1"));
    } else if (t instanceof DynamoDbException e && CallMeter.isThrottling(e)) {
      return new Response(503, body("throttled", "the table is busy; retry shortly", null), Map.of("retry-after", "1"));
    } else if (t instanceof DynamoDbException e && e.statusCode() >= 500
        || t instanceof ApiCallTimeoutException || t instanceof ApiCallAttemptTimeoutException
        || t instanceof SdkClientException && !(t instanceof SdkServiceException)) {
      // The SDK's retries are spent (table errors, dropped connections) or the deadline passed:
      // nothing was acknowledged, but a write may have applied. A retry with the same
      // Idempotency-Key derives the same write tokens (WriteTokens), so it is answered as the
      // first attempt; without one, a retried create may meet its own write.
      return new Response(503, body("unavailable", "the table did not answer in time and a change may have been "
          + "applied; retry with the same Idempotency-Key", null), Map.of("retry-after", "1"));
    }
    return error(500, "internal", "internal error", null);
  }

  /**
   * A failure found outside the handlers (no route, method not allowed, a malformed HTTP request
   * to the local API), with the same body as every other failure.
   */
  public static Response error(int status, String code, String message, String field) {
    return new Response(status, body(code, message, field), Map.of());
  }

  private static Map<String, Object> body(String code, String message, String field) {
    Map<String, Object> error = new LinkedHashMap<>();
    error.put("code", code);
    error.put("message", message);
    if (field != null) {
      error.put("field", field);
    }
    return Map.of("error", error);
  }
}

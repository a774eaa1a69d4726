package dev.monotable.kit.data;

import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Segments;
import dev.monotable.kit.keys.Timestamps;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A create sent with {@code Idempotency-Key}: the key, the route and a hash of what was asked, so
 * a retry is recognised and a reuse of the key for another request is refused. The one
 * implementation of the {@link IdempotencyRecord} the create writes with its entity and of the
 * replay that answers a retry from it.
 */
public record IdempotentRequest(String key, String route, String requestHash) {

  public IdempotentRequest {
    Segments.idempotencyKey("Idempotency-Key", key);
  }

  /** The request as the API received it: route key, raw path and raw body text. */
  public static IdempotentRequest of(String key, String route, String rawPath, String rawBody) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(rawPath.getBytes(StandardCharsets.UTF_8));
      sha.update((byte) 0);
      sha.update((rawBody == null ? "" : rawBody).getBytes(StandardCharsets.UTF_8));
      return new IdempotentRequest(key, route, Base64.getUrlEncoder().withoutPadding().encodeToString(sha.digest()));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The key of the record this request leaves for {@code caller}: read with the create's first request. */
  public Key recordKey(String caller) {
    return IdempotencyRecord.key(caller, key);
  }

  /**
   * Adds the Put of this request's record to {@code tx}, {@code attribute_not_exists(PK)}: it
   * points to {@code target}, created at {@code at}, and expires {@link IdempotencyRecord#TTL_SECONDS}
   * later.
   *
   * @return the action's index
   */
  public int putRecord(WriteTransaction tx, String caller, Key target, Instant at) {
    return tx.putIfAbsent(new IdempotencyRecord(caller, key, route, requestHash, target.pk(), target.sk(),
        Timestamps.format(at), at.getEpochSecond() + IdempotencyRecord.TTL_SECONDS)
        .toItem());
  }

  /**
   * The entity an earlier request with this key created, from its record: one GetItem.
   *
   * @throws ConflictException {@code Idempotency-Key}: the key was used for another request
   * @throws NotFoundException {@code noun}: the entity is gone
   */
  public <T> T replay(TableGateway table, Map<String, AttributeValue> recordItem,
      Function<Map<String, AttributeValue>, T> fromItem, String noun) {
    IdempotencyRecord record = IdempotencyRecord.fromItem(recordItem);
    if (!record.route().equals(route) || !record.requestHash().equals(requestHash)) {
      throw new ConflictException("Idempotency-Key", "this Idempotency-Key was used for another request");
    }
    return table.get(new Key(record.targetPk(), record.targetSk()))
        .map(fromItem)
        .orElseThrow(() -> new NotFoundException(noun));
  }

  /**
   * {@link #replay} once the Put of this request's record failed: a request with this key got
   * there first (or this is the SDK's retry of our own commit). One GetItem of the record, then
   * the replay's.
   *
   * @throws ConflictException {@code Idempotency-Key}: the record is not there (a request with
   *     this key is in progress), or the key was used for another request
   */
  public <T> T replayWinner(TableGateway table, String caller, Function<Map<String, AttributeValue>, T> fromItem,
      String noun) {
    Map<String, AttributeValue> record = table.get(recordKey(caller))
        .orElseThrow(() -> new ConflictException("Idempotency-Key", "a request with this key is in progress"));
    return replay(table, record, fromItem, noun);
  }
}

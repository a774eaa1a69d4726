package dev.monotable.kit.data;

import dev.monotable.kit.items.Items;

import static dev.monotable.kit.schema.TableSchema.*;

import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Segments;
import dev.monotable.kit.keys.Template;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What a create sent with {@code Idempotency-Key} produced: written in the same transaction as the
 * entity, so a retry of the request finds either both or neither. A retry with the same key
 * answers the entity this record points to instead of creating a second one; DynamoDB deletes
 * the record through {@code TTL} (epoch seconds) after 24 hours.
 *
 * @param route the route key of the request, for example {@code POST /users/{username}/notes}
 * @param requestHash SHA-256 (base64url) of the request's path and body: the same key with another
 *     request is refused rather than answered with an unrelated entity
 * @param targetPk table key of the created entity
 */
public record IdempotencyRecord(String username, String key, String route, String requestHash, String targetPk,
    String targetSk, String createdAt, long expiresAt) {

  public static final String TYPE = "IdempotencyRecord";
  public static final long TTL_SECONDS = 24 * 3600;
  /** Its own partition per caller and key: table key {@code IDEMPOTENCY#{username}#{key}} twice. */
  public static final Template TEMPLATE = Template.of("IDEMPOTENCY#{username}#{key}");

  /**
   * The record's key: the Idempotency-Key is case-sensitive, as clients generate it; the caller is
   * lower-cased.
   */
  public static Key key(String username, String key) {
    String u = Segments.username("caller", username);
    String k = Segments.idempotencyKey("Idempotency-Key", key);
    return new Key(TEMPLATE.fill(u, k), TEMPLATE.fill(u, k));
  }

  public Map<String, AttributeValue> toItem() {
    return Items.builder(TYPE, key(username, key))
        .s("Username", username).s("IdempotencyKey", key).s("Route", route).s("RequestHash", requestHash)
        .s("TargetPK", targetPk).s("TargetSK", targetSk)
        .n(TTL, expiresAt)
        .audit(createdAt, createdAt)
        .build();
  }

  public static IdempotencyRecord fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    return new IdempotencyRecord(Items.s(item, "Username"), Items.s(item, "IdempotencyKey"), Items.s(item, "Route"),
        Items.s(item, "RequestHash"), Items.s(item, "TargetPK"), Items.s(item, "TargetSK"), Items.s(item, CREATED_AT),
        Items.n(item, TTL));
  }
}

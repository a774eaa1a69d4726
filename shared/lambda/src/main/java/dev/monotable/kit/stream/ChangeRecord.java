package dev.monotable.kit.stream;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent.DynamodbStreamRecord;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.Identity;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.items.Items;
import java.time.Instant;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The parts of one stream record a handler reads, with images as SDK v2 values.
 *
 * @param eventId unique per record; the same on redelivery
 * @param eventName INSERT, MODIFY or REMOVE
 * @param sequenceNumber position in the shard; what a batch item failure reports
 * @param approximateCreation when the change was written (for lag), or null
 * @param newImage the item after the change, null for REMOVE
 * @param oldImage the item before the change, null for INSERT
 * @param identityType userIdentity.type ({@code Service} for TTL deletions), or null
 * @param principalId userIdentity.principalId ({@code dynamodb.amazonaws.com} for TTL deletions), or null
 */
public record ChangeRecord(String eventId, String eventName, String sequenceNumber, Instant approximateCreation,
    Map<String, AttributeValue> newImage, Map<String, AttributeValue> oldImage, String identityType,
    String principalId) {

  public static ChangeRecord of(DynamodbStreamRecord record) {
    StreamRecord d = record.getDynamodb();
    Identity identity = record.getUserIdentity();
    return new ChangeRecord(record.getEventID(), record.getEventName(), d == null ? null : d.getSequenceNumber(),
        d == null || d.getApproximateCreationDateTime() == null ? null : d.getApproximateCreationDateTime().toInstant(),
        d == null ? null : StreamImages.toSdk(d.getNewImage()), d == null ? null : StreamImages.toSdk(d.getOldImage()),
        identity == null ? null : identity.getType(), identity == null ? null : identity.getPrincipalId());
  }

  /** The image the event is about: the old one for REMOVE, else the new one. */
  public Map<String, AttributeValue> image() {
    Map<String, AttributeValue> image = StreamHandlerDeclaration.imageOf(eventName, newImage, oldImage);
    if (image == null) {
      throw new IllegalArgumentException(eventName + " record without its image (stream view must be NEW_AND_OLD_IMAGES)");
    }
    return image;
  }

  /** {@code Type} of the item the event is about. */
  public String type() {
    return Items.type(image());
  }

  /** True when DynamoDB's TTL process deleted the item (not a user or application delete). */
  public boolean ttlDeletion() {
    return "REMOVE".equals(eventName)
        && StreamHandlerDeclaration.TTL_IDENTITY_TYPE.equals(identityType)
        && StreamHandlerDeclaration.TTL_PRINCIPAL.equals(principalId);
  }
}

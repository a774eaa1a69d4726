package dev.monotable.forge.functions.streams;

import dev.monotable.kit.data.StreamEffect;
import dev.monotable.kit.stream.ChangeRecord;
import dev.monotable.kit.stream.StreamHandler;

import dev.monotable.forge.functions.Services;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.forge.model.Invitation;
import dev.monotable.kit.schema.TableSchema;
import java.time.Instant;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * ST4: an invitation deleted by TTL becomes an "invitation expired" entry in the organization's
 * feed. Only DynamoDB's own deletions count (userIdentity type {@code Service}, principal
 * {@code dynamodb.amazonaws.com}); the event source mapping filters on it, and so does this
 * handler, so an admin's delete (or a replaced invitation) is never reported as expired. The
 * entry's time is the invitation's expiry and it names no address: the feed is public.
 */
public final class InvitationExpiredHandler extends StreamHandler<Services> {

  public InvitationExpiredHandler() {
    this(Services.fromEnvironment());
  }

  public InvitationExpiredHandler(Services services) {
    super(services);
  }

  @Override
  protected StreamEffect apply(ChangeRecord record) {
    if (!record.ttlDeletion() || !Invitation.TYPE.equals(record.type())) {
      return StreamEffect.IGNORED;
    }
    Map<String, AttributeValue> item = record.oldImage();
    Invitation invitation = Invitation.fromItem(item);
    String expiredAt = Timestamps.format(Instant.ofEpochSecond(invitation.expiresAt()));
    String source = item.get(TableSchema.PK).s() + "|" + item.get(TableSchema.SK).s() + "|" + invitation.createdAt();
    return Feed.record(services.activities(), Feed.entry(invitation.org(), expiredAt, source, "InvitationExpired",
        null, null, null, null, "an invitation to join " + invitation.org() + " as " + invitation.role().value()
            + " expired"));
  }
}

package dev.monotable.forge.data;

import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;

import static dev.monotable.kit.schema.TableSchema.PK;
import static dev.monotable.kit.schema.TableSchema.TTL;

import dev.monotable.kit.data.TableGateway.QuerySpec;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.forge.keys.Keys;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.forge.model.Activity;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * The activity feed of an account (AP12): Activity items in the account's partition under
 * {@code #ACTIVITY#{ts}#{id}}, so a descending Query reads newest first. The leading {@code #}
 * sorts them before the account's other items. TTL removes them after 90 days.
 */
public final class Activities {
  private final TableGateway table;

  public Activities(TableGateway table) {
    this.table = table;
  }

  /**
   * AP12: Query {@code PK = ACCOUNT#{username} AND begins_with(SK, #ACTIVITY#)}, descending, with
   * filter {@code TTL > :now}, so expired entries never show even before TTL deletes them. A page
   * may hold fewer items than the limit (the filter runs after Limit), yet still a next cursor.
   */
  public Page<Activity> listActivity(String username, PageRequest page) {
    String partition = Keys.accountPartition("username", username);
    QuerySpec spec = QuerySpec.table(partition, Keys.activityPrefix())
        .newestFirst()
        .filter("#ttl > :now", Map.of("#ttl", TTL),
            Map.of(":now", AttributeValue.fromN(Long.toString(Timestamps.epochSeconds(table.clock().instant())))));
    return table.query(spec, page, "AP12").map(Activity::fromItem);
  }

  /**
   * PutItem of one Activity with {@code attribute_not_exists(PK)}. Used by seeding and stream
   * handlers, never by an HTTP route (no route is granted it).
   *
   * @throws ConflictException {@code activity} when an entry with this timestamp and id exists,
   *     so a redelivered stream record can be recognised and skipped
   */
  public Activity record(Activity activity) {
    try {
      table.putIfAbsent(activity.toItem());
    } catch (ConditionalCheckFailedException e) {
      throw new ConflictException("activity", "activity entry already recorded");
    }
    return activity;
  }
}

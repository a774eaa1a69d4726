package dev.monotable.forge.functions.streams;

import dev.monotable.kit.data.StreamEffect;
import dev.monotable.forge.data.Activities;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.keys.Ulid;
import dev.monotable.forge.model.Activity;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

/**
 * Activity entries written by ST2 and ST4. An entry's key is derived from the record alone: its
 * time is the source item's own time and its id hashes the feed and the source item's key, so a
 * redelivered record rebuilds the same key and {@link Activities#record}'s
 * {@code attribute_not_exists} turns the second write into a no-op.
 */
final class Feed {
  /** Activity lifetime (spec: TTL 90 days). */
  static final Duration LIFETIME = Duration.ofDays(90);

  private Feed() {}

  /**
   * @param at the source item's time (ISO millisecond timestamp): the entry's time
   * @param source what identifies the source change, for example its PK, SK and CreatedAt
   */
  static Activity entry(String account, String at, String source, String event, String actor, String owner,
      String repo, Integer number, String summary) {
    Instant time = Timestamps.parse(at);
    String id = Ulid.derived(time, account.toLowerCase(Locale.ROOT) + "|" + event + "|" + source);
    return new Activity(account, id, event, actor, owner, repo, number, summary, at,
        time.plus(LIFETIME).getEpochSecond());
  }

  static StreamEffect record(Activities activities, Activity activity) {
    try {
      activities.record(activity);
      return StreamEffect.APPLIED;
    } catch (ConflictException alreadyRecorded) {
      return StreamEffect.ALREADY_APPLIED;
    }
  }
}

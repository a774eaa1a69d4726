package dev.monotable.social.model;

import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.social.keys.SocialKeys;

/**
 * How far fan-out on write got with a post: the cursor of the followers page after the last one
 * written. A redelivered record resumes there instead of writing every follower again.
 */
public final class FanOutCheckpoint {

  public static final Entity ENTITY = Entity.of("FanOutCheckpoint", SocialKeys.POST, SocialKeys.FAN_OUT)
      .attributes(
          Attr.segment("PostId", "post", SocialKeys.ULID, "the post"),
          Attr.string("Cursor", "cursor", "the next page of the author's followers (GSI1)").changes(Attr.Change.ATOMIC),
          Attr.number("Written", "written", "feed entries written so far").changes(Attr.Change.ATOMIC))
      .expires()
      .requiredByChartOnly()
      .build();

  private FanOutCheckpoint() {}
}

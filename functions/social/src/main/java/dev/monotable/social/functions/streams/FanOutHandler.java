package dev.monotable.social.functions.streams;

import dev.monotable.kit.data.StreamEffect;
import dev.monotable.kit.stream.ChangeRecord;
import dev.monotable.kit.stream.StreamHandler;
import dev.monotable.social.functions.SocialServices;

/**
 * ST1: a new post fanned out to its author's followers' feeds (or, at or above the threshold,
 * merged on read); a deleted post taken out of them ({@link dev.monotable.social.data.FanOut}).
 * Records one at a time: a record that fails is delivered again and resumes from its checkpoint.
 */
public final class FanOutHandler extends StreamHandler<SocialServices> {

  public FanOutHandler() {
    this(SocialServices.fromEnvironment());
  }

  public FanOutHandler(SocialServices services) {
    super(services);
  }

  @Override
  protected StreamEffect apply(ChangeRecord record) {
    return switch (record.eventName()) {
      case "INSERT" -> services.fanOut().posted(record.newImage());
      case "REMOVE" -> services.fanOut().deleted(record.oldImage());
      default -> StreamEffect.IGNORED;
    };
  }
}

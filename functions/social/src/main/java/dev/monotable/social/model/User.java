package dev.monotable.social.model;

import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.social.keys.SocialKeys;

/** A user, with the exact counts of the accounts they follow and of their followers. */
public final class User {

  public static final int NAME_MAX = 100;

  /**
   * How the user's posts reach followers once the user has crossed the fan-out threshold: absent
   * (fan-out on write), {@code converting} (their edges are being marked), {@code read} (merged on
   * read). It only moves forward.
   */
  public static final String CONVERTING = "converting";
  public static final String READ = "read";

  public static final Entity ENTITY = Entity.of("User", SocialKeys.USER, SocialKeys.USER)
      .attributes(
          Attr.segment("Username", "username", SocialKeys.USERNAME, "the user's name, unique"),
          Attr.string("Name", "name", "the name shown"),
          Attr.number("FollowerCount", "followerCount", "followers, exact (moved in each follow's transaction)")
              .changes(Attr.Change.ATOMIC),
          Attr.number("FollowingCount", "followingCount", "accounts followed, exact").changes(Attr.Change.ATOMIC),
          Attr.string("Reach", "reach", "absent: posts fan out on write; converting or read: merged on read")
              .optional().changes(Attr.Change.ATOMIC))
      .build();

  private User() {}
}

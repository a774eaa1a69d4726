package dev.monotable.social.model;

import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.entity.Entity.Variant;
import dev.monotable.kit.entity.Entity.When;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.social.keys.SocialKeys;

/**
 * One adjacency item per edge: the follower's partition lists whom they follow (table), GSI1 the
 * followee's followers (inverted), and GSI2, only for a followee above the fan-out threshold, the
 * accounts whose posts a reader's feed merges on read.
 */
public final class Follow {

  public static final Entity ENTITY = Entity.of("Follow", SocialKeys.USER, SocialKeys.FOLLOWS)
      .index(Gsi.GSI1, SocialKeys.FOLLOWERS, SocialKeys.USER)
      .attributes(
          Attr.segment("Username", "username", SocialKeys.USERNAME, "the follower"),
          Attr.segment("Followee", "followee", SocialKeys.USERNAME, "the account followed"))
      .variants(
          Variant.of("fan-out on write", When.absent("above")),
          Variant.of("above the threshold", When.present("above"))
              .index(Gsi.GSI2, SocialKeys.ABOVE, SocialKeys.FOLLOWS)
              .attributes(Attr.string("Above", "above", "when the followee's posts began to be merged on read")
                  .changes(Attr.Change.ATOMIC)))
      .build();

  private Follow() {}
}

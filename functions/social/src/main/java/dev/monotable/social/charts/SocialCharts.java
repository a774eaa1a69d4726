package dev.monotable.social.charts;

import dev.monotable.kit.charts.ChartTypes.Chart;
import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.charts.ModelValidator;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.social.Social;
import dev.monotable.social.model.Comment;
import dev.monotable.social.model.FanOutCheckpoint;
import dev.monotable.social.model.FeedEntry;
import dev.monotable.social.model.Follow;
import dev.monotable.social.model.Like;
import dev.monotable.social.model.Post;
import dev.monotable.social.model.User;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** Social's entity charts: the docs print them, the validator holds every item to them. */
public final class SocialCharts implements EntityModel {

  public static final SocialCharts MODEL = new SocialCharts();
  public static final ModelValidator VALIDATOR = new ModelValidator(MODEL);

  private static final List<Chart> CHARTS = List.of(
      Chart.of(User.ENTITY, User.class, List.of("one item per user, in the user's partition, with exact counts")),
      Chart.of(Post.ENTITY, Post.class, List.of("in its author's partition, newest last by its ULID")),
      Chart.of(Follow.ENTITY, "fan-out on write", Follow.class, List.of("one item per edge: following (table), "
          + "followers (GSI1)")),
      Chart.of(Follow.ENTITY, "above the threshold", Follow.class, List.of("an edge to an account whose posts are "
          + "merged on read: also on GSI2, the reader's accounts above the threshold")),
      Chart.of(FeedEntry.ENTITY, FeedEntry.class, List.of("written by ST1 into each follower's feed; expires (TTL)")),
      Chart.of(Comment.ENTITY, Comment.class, List.of("in its post's partition, oldest first by its ULID")),
      Chart.of(Like.ENTITY, Like.class, List.of("one item per user and post, in the post's partition")),
      Chart.of(Like.COUNT, Like.class, List.of("a post's like count in " + Like.SHARDS + " shards, summed on read")),
      Chart.of(FanOutCheckpoint.ENTITY, FanOutCheckpoint.class, List.of("ST1's progress through a post's followers")));

  private SocialCharts() {}

  @Override
  public TableSchema schema() {
    return Social.SCHEMA;
  }

  @Override
  public List<Chart> charts() {
    return CHARTS;
  }

  @Override
  public Map<String, Predicate<String>> segmentRules() {
    Map<String, Predicate<String>> rules = new LinkedHashMap<>(ModelValidator.standardSegmentRules());
    for (var c : List.of(User.ENTITY, Post.ENTITY, Follow.ENTITY, FeedEntry.ENTITY, Comment.ENTITY, Like.ENTITY,
        Like.COUNT, FanOutCheckpoint.ENTITY)) {
      rules.putAll(c.segmentRules());
    }
    return rules;
  }
}

package dev.monotable.blog.charts;

import dev.monotable.blog.Blog;
import dev.monotable.blog.model.Post;
import dev.monotable.blog.model.User;
import dev.monotable.kit.charts.ChartTypes.Chart;
import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.charts.ModelValidator;
import dev.monotable.kit.schema.TableSchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** Blog's entity charts: the docs print them, the validator holds every item to them. */
public final class BlogCharts implements EntityModel {

  public static final BlogCharts MODEL = new BlogCharts();
  public static final ModelValidator VALIDATOR = new ModelValidator(MODEL);

  private static final List<Chart> CHARTS = List.of(
      Chart.of(User.ENTITY, User.class, List.of("one item per user, in the user's partition")),
      Chart.of(User.EMAIL_CLAIM, User.class, List.of("keeps an e-mail address to one user; written with the user")),
      Chart.of(Post.ENTITY, "draft", Post.class, List.of("in its author's partition, newest last by its ULID")),
      Chart.of(Post.ENTITY, "published", Post.class, List.of("published (B10): also in its author's GSI1 partition, "
          + "the published list (B11)")));

  private BlogCharts() {}

  @Override
  public TableSchema schema() {
    return Blog.SCHEMA;
  }

  @Override
  public List<Chart> charts() {
    return CHARTS;
  }

  @Override
  public Map<String, Predicate<String>> segmentRules() {
    Map<String, Predicate<String>> rules = new LinkedHashMap<>(ModelValidator.standardSegmentRules());
    rules.putAll(User.ENTITY.segmentRules());
    rules.putAll(Post.ENTITY.segmentRules());
    return rules;
  }
}

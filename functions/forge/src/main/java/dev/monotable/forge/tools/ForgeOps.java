package dev.monotable.forge.tools;

import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.model.Repository;
import dev.monotable.kit.ops.BackfillRules;
import dev.monotable.kit.ops.CounterCheck;
import dev.monotable.kit.ops.OpsDomain;
import dev.monotable.kit.ops.ReadPattern;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.kit.tools.DevDomain;
import dev.monotable.kit.tools.DevFacet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Forge for the kit's operator tools: its read patterns ({@link ReadPatterns}), its model records
 * for backfill ({@link ModelMapper}) with the repository visibility copies
 * ({@link VisibilityCopies}), its two repository counters and its synthetic data
 * ({@link ScaleData}).
 */
public final class ForgeOps extends DevFacet implements OpsDomain {

  public ForgeOps(DevDomain dev) {
    super(dev);
  }

  /** A repository's StarCount: its Star items on GSI1 (what AP21 lists). */
  static final CounterCheck STAR_COUNT = new CounterCheck(Repository.TYPE, "repository", "repositories",
      Repository.STAR_COUNT, Gsi.GSI1, Keys.stargazersPrefix(), "Star item");

  /** A repository's ForkCount: its forks on GSI2 (what AP17 lists). */
  static final CounterCheck FORK_COUNT = new CounterCheck(Repository.TYPE, "repository", "repositories",
      Repository.FORK_COUNT, Gsi.GSI2, Keys.forksPrefix(), "fork");

  private static final BackfillRules BACKFILL = new BackfillRules() {
    @Override
    public Set<String> types() {
      return ModelMapper.types();
    }

    @Override
    public Optional<Map<String, AttributeValue>> remap(Map<String, AttributeValue> item) {
      return ModelMapper.remap(item);
    }

    @Override
    public Copies copies(DynamoDbClient client, String table) {
      return new VisibilityCopies(client, table);
    }
  };

  @Override
  public List<ReadPattern> readPatterns() {
    return ReadPatterns.calls();
  }

  @Override
  public BackfillRules backfill() {
    return BACKFILL;
  }

  @Override
  public List<CounterCheck> counters() {
    return List.of(STAR_COUNT, FORK_COUNT);
  }

  @Override
  public void scaleData(long seed, int n, Consumer<Map<String, AttributeValue>> sink) {
    ScaleData.generate(seed, n, sink);
  }
}

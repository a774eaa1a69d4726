package dev.monotable.forge.tools;

import dev.monotable.kit.keys.Ulid;
import dev.monotable.kit.ops.BatchWrites;
import dev.monotable.forge.model.AccountEmail;
import dev.monotable.forge.model.Comment;
import dev.monotable.forge.model.Counter;
import dev.monotable.forge.model.Repository;
import dev.monotable.forge.model.Ticket;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.forge.model.TicketState;
import dev.monotable.forge.model.User;
import dev.monotable.forge.model.Visibility;
import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A synthetic Forge of exactly {@code n} items for scale runs ({@code scripts/seed --scale N},
 * the scale table of scripts/bench): accounts {@code scale-u{k}} (User and AccountEmail), each
 * with one public repository {@code scale-u{k}/r} (Repository and Counter), its issues (some
 * closed) and comments on them, built with the model's own {@code toItem}, so every key and index
 * key is what the API writes. The same {@code seed} and {@code n} always give the same items:
 * timestamps count from a fixed instant and ids are derived, not random. None of these names
 * collides with the demo data or the bench's write targets, so they only grow the table.
 */
public final class ScaleData {
  private static final Instant EPOCH = Instant.parse("2026-01-01T00:00:00Z");

  /** Every synthetic repository is a user's public one; its items carry that copy (docs/forge/relationship-decisions.md). */
  private static final Visibility PUBLIC_USER_REPO = new Visibility(false, false);

  private ScaleData() {}

  /** The first {@code n} items of the dataset for {@code seed}, in write order. */
  public static List<Map<String, AttributeValue>> items(long seed, int n) {
    List<Map<String, AttributeValue>> out = new ArrayList<>(n);
    generate(seed, n, out::add);
    return out;
  }

  /** Feeds the first {@code n} items to {@code sink} without holding them all. */
  public static void generate(long seed, int n, Consumer<Map<String, AttributeValue>> sink) {
    Random random = new Random(seed);
    int[] left = {n};
    Consumer<Map<String, AttributeValue>> emit = item -> {
      if (left[0] > 0) {
        sink.accept(item);
        left[0]--;
      }
    };
    for (int k = 1; left[0] > 0; k++) {
      String user = "scale-u" + k;
      String at = ts(k * 1000L);
      emit.accept(new User(user, user + "@example.com", "Scale User " + k, null, at, at, 1).toItem());
      emit.accept(new AccountEmail(user + "@example.com", user, at).toItem());
      int issues = 2 + random.nextInt(19);
      emit.accept(new Repository(user, "r", "Synthetic repository " + k, false, false, null, 0, 0, at, at, 1)
          .toItem());
      emit.accept(new Counter(user, "r", issues, PUBLIC_USER_REPO, at, at).toItem());
      for (int i = 1; i <= issues && left[0] > 0; i++) {
        String opened = ts(k * 1000L + i * 10L);
        boolean closed = random.nextInt(4) == 0;
        int comments = random.nextInt(4);
        emit.accept(new Ticket(TicketKind.ISSUE, user, "r", i, "Synthetic issue " + i + " " + words(random),
            words(random) + " " + words(random), closed ? TicketState.CLOSED : TicketState.OPEN, user, null, null,
            comments, Map.of(), opened, opened, closed ? opened : null, null, 1, PUBLIC_USER_REPO).toItem());
        for (int c = 1; c <= comments; c++) {
          Instant when = EPOCH.plusSeconds(k * 1000L + i * 10L + c);
          String id = Ulid.derived(when, seed + "/" + user + "/" + i + "/" + c);
          emit.accept(new Comment(TicketKind.ISSUE, user, "r", i, id,
              user, "Synthetic comment " + c + ": " + words(random), ts(k * 1000L + i * 10L + c),
              ts(k * 1000L + i * 10L + c), 1, PUBLIC_USER_REPO).toItem());
        }
      }
    }
  }

  private static String ts(long seconds) {
    return EPOCH.plusSeconds(seconds).toString().replace("Z", ".000Z");
  }

  private static String words(Random random) {
    String[] pool = {"cache", "index", "partition", "stream", "query", "item", "batch", "latency", "shard", "key"};
    StringBuilder b = new StringBuilder();
    int n = 2 + random.nextInt(6);
    for (int i = 0; i < n; i++) {
      b.append(i == 0 ? "" : " ").append(pool[random.nextInt(pool.length)]);
    }
    return b.toString();
  }

  /**
   * Writes the first {@code n} items of the dataset ({@link BatchWrites#write}: 25 puts a
   * BatchWriteItem, a progress bar on {@code progress}, null: silent). Returns the items written per second.
   */
  public static double write(DynamoDbClient client, String table, long seed, int n, PrintStream progress) {
    return BatchWrites.write(client, table, sink -> generate(seed, n, sink), n, progress);
  }
}

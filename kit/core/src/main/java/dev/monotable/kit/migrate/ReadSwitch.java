package dev.monotable.kit.migrate;

import dev.monotable.kit.Env;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Which design answers each read pattern while reads move over, by configuration
 * ({@link Env#MIGRATION_READS}: {@code P1=new,P2=both,*=old}): {@code old}, {@code new}, or {@code both},
 * which reads both, answers the old design's and reports a difference to the sink. Makes no call itself: each
 * side's read is the pattern's own (one GetItem or Query on the single table).
 */
public final class ReadSwitch {

  /** Which side answers a pattern. */
  public enum Side { OLD, NEW, BOTH }

  /** Both sides answered a pattern differently. */
  public record Difference(String pattern, Object oldAnswer, Object newAnswer) {}

  private final Map<String, Side> sides;
  private final Side otherwise;
  private final Consumer<Difference> differences;

  private ReadSwitch(Map<String, Side> sides, Side otherwise, Consumer<Difference> differences) {
    this.sides = Map.copyOf(sides);
    this.otherwise = otherwise;
    this.differences = differences;
  }

  /** {@code P1=new,P2=both,*=old} (null or blank: every pattern old). */
  public static ReadSwitch parse(String config, Consumer<Difference> differences) {
    Map<String, Side> sides = new LinkedHashMap<>();
    Side otherwise = Side.OLD;
    if (config != null && !config.isBlank()) {
      for (String part : config.split(",")) {
        String[] kv = part.trim().split("=", 2);
        if (kv.length != 2) {
          throw new IllegalArgumentException(Env.MIGRATION_READS + ": expected PATTERN=old|new|both, got " + part);
        }
        Side side;
        try {
          side = Side.valueOf(kv[1].trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException(Env.MIGRATION_READS + ": " + kv[1] + " is not old, new or both", e);
        }
        if (kv[0].trim().equals("*")) {
          otherwise = side;
        } else {
          sides.put(kv[0].trim(), side);
        }
      }
    }
    return new ReadSwitch(sides, otherwise, differences);
  }

  /** From {@link Env#MIGRATION_READS}. */
  public static ReadSwitch fromEnvironment(Consumer<Difference> differences) {
    return parse(Env.get(Env.MIGRATION_READS), differences);
  }

  public Side side(String pattern) {
    return sides.getOrDefault(pattern, otherwise);
  }

  /** The answer of the pattern's configured side; under {@code both}, the old one, a difference reported. */
  public <T> T read(String pattern, Supplier<T> oldRead, Supplier<T> newRead) {
    return switch (side(pattern)) {
      case OLD -> oldRead.get();
      case NEW -> newRead.get();
      case BOTH -> {
        T old = oldRead.get();
        T now = newRead.get();
        if (!Objects.equals(old, now)) {
          differences.accept(new Difference(pattern, old, now));
        }
        yield old;
      }
    };
  }
}

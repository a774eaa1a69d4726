package dev.monotable.kit.migrate;

import dev.monotable.kit.Env;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Which design answers each read pattern while reads move over, by configuration
 * ({@link Env#MIGRATION_READS}: {@code P1=new,P2=both,*=old}): {@code old}, {@code new}, or {@code both},
 * which reads both, answers the old design's and reports a difference to its {@link Signals}. Makes no call
 * itself: each side's read is the caller's (one GetItem or Query of the old tables, or the pattern's own on the
 * single table).
 *
 * <p>What an unset configuration means is the caller's: the operator tools compare from the old design
 * ({@link #parse(String, Consumer)}: every pattern {@code old}); a route of a domain already serving the single
 * table reads {@code new} until a stage says otherwise ({@link #fromEnvironment(Side, Signals)}).
 */
public final class ReadSwitch {

  /** Which side answers a pattern. */
  public enum Side { OLD, NEW, BOTH }

  /**
   * Both sides answered a pattern differently.
   *
   * @param key the pattern's arguments as text ({@code user=u1 device=d1}), never an item or a body
   */
  public record Difference(String pattern, String key, Object oldAnswer, Object newAnswer) {}

  /** Where a switch reports: every difference, and (for counts per side) every read it served. */
  public interface Signals {
    void difference(Difference d);

    /** A read of {@code pattern} answered by {@code side}; nothing by default. */
    default void served(String pattern, Side side) {}
  }

  private final Map<String, Side> sides;
  private final Side otherwise;
  private final Signals signals;

  private ReadSwitch(Map<String, Side> sides, Side otherwise, Signals signals) {
    this.sides = Map.copyOf(sides);
    this.otherwise = otherwise;
    this.signals = Objects.requireNonNull(signals, "signals");
  }

  /** {@code P1=new,P2=both,*=old} (null or blank: every pattern old), differences to {@code differences}. */
  public static ReadSwitch parse(String config, Consumer<Difference> differences) {
    return parse(config, Side.OLD, differences::accept);
  }

  /**
   * {@code P1=new,P2=both,*=old}; a pattern it does not name reads {@code *}'s side, else {@code unset}.
   *
   * @throws IllegalArgumentException a part that is not {@code PATTERN=old|new|both}
   */
  public static ReadSwitch parse(String config, Side unset, Signals signals) {
    Map<String, Side> sides = new LinkedHashMap<>();
    Side otherwise = Objects.requireNonNull(unset, "unset");
    if (config != null && !config.isBlank()) {
      for (String part : config.split(",")) {
        String[] kv = part.trim().split("=", 2);
        if (kv.length != 2 || kv[0].isBlank()) {
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
        } else if (sides.put(kv[0].trim(), side) != null) {
          throw new IllegalArgumentException(Env.MIGRATION_READS + ": " + kv[0].trim() + " is named twice");
        }
      }
    }
    return new ReadSwitch(sides, otherwise, signals);
  }

  /** From {@link Env#MIGRATION_READS}, every pattern {@code old} when unset (the operator tools' default). */
  public static ReadSwitch fromEnvironment(Consumer<Difference> differences) {
    return parse(Env.get(Env.MIGRATION_READS), differences);
  }

  /** From {@link Env#MIGRATION_READS}, a pattern it does not name reading {@code unset}. */
  public static ReadSwitch fromEnvironment(Side unset, Signals signals) {
    return parse(Env.get(Env.MIGRATION_READS), unset, signals);
  }

  /**
   * This switch, once every pattern it names is one of {@code known}: a misspelt name would otherwise leave
   * its pattern on the default side without a word, so a function refuses it at cold start.
   *
   * @throws IllegalArgumentException a name not in {@code known}
   */
  public ReadSwitch requireKnown(Collection<String> known) {
    for (String p : sides.keySet()) {
      if (!known.contains(p)) {
        throw new IllegalArgumentException(Env.MIGRATION_READS + ": no read pattern " + p + " switches here (known: "
            + String.join(", ", known) + ")");
      }
    }
    return this;
  }

  /** The patterns the configuration names (not {@code *}). */
  public Set<String> named() {
    return sides.keySet();
  }

  public Side side(String pattern) {
    return sides.getOrDefault(pattern, otherwise);
  }

  /** {@link #read(String, String, Supplier, Supplier)} without a key for the report. */
  public <T> T read(String pattern, Supplier<T> oldRead, Supplier<T> newRead) {
    return read(pattern, "", oldRead, newRead);
  }

  /**
   * The answer of the pattern's configured side; under {@code both}, the old one, a difference reported. Under
   * {@code both} a read that throws on one side (a 404 on one side only) is a difference too: the old side's
   * outcome, answer or exception, is what the caller gets.
   *
   * @param key the read's arguments as text, for the report
   */
  public <T> T read(String pattern, String key, Supplier<T> oldRead, Supplier<T> newRead) {
    return read(side(pattern), pattern, key, oldRead, newRead, Function.identity());
  }

  /**
   * The answer of {@code side} (the caller's choice: a page continued from an old-side cursor reads the old
   * side alone, say); under {@code both}, the old one, a difference reported when {@code compared} of the two
   * answers differ (a page's items, leaving out the cursors each side encodes its own way).
   */
  public <T> T read(Side side, String pattern, String key, Supplier<T> oldRead, Supplier<T> newRead,
      Function<? super T, ?> compared) {
    signals.served(pattern, side);
    return switch (side) {
      case OLD -> oldRead.get();
      case NEW -> newRead.get();
      case BOTH -> {
        Outcome<T> old = Outcome.of(oldRead);
        Outcome<T> now = Outcome.of(newRead);
        if (!old.same(now, compared)) {
          signals.difference(new Difference(pattern, key, old.shown(), now.shown()));
        }
        yield old.get();
      }
    };
  }

  /** An answer or the exception instead of it; two exceptions are alike when of one class and message. */
  private record Outcome<T>(T answer, RuntimeException failure) {
    static <T> Outcome<T> of(Supplier<T> read) {
      try {
        return new Outcome<>(read.get(), null);
      } catch (RuntimeException e) {
        return new Outcome<>(null, e);
      }
    }

    boolean same(Outcome<T> other, Function<? super T, ?> compared) {
      if (failure == null || other.failure == null) {
        return failure == null && other.failure == null
            && Objects.equals(compared.apply(answer), compared.apply(other.answer));
      }
      return failure.getClass() == other.failure.getClass()
          && Objects.equals(failure.getMessage(), other.failure.getMessage());
    }

    Object shown() {
      return failure == null ? answer : failure.getClass().getSimpleName() + ": " + failure.getMessage();
    }

    T get() {
      if (failure != null) {
        throw failure;
      }
      return answer;
    }
  }
}

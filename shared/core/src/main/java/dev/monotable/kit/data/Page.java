package dev.monotable.kit.data;

import java.util.List;
import java.util.function.Function;

/** One page of a list: its items and the cursor of the next page, null on the last one. */
public record Page<T>(List<T> items, String nextCursor) {

  public Page {
    items = List.copyOf(items);
  }

  public <R> Page<R> map(Function<T, R> f) {
    return new Page<>(items.stream().map(f).toList(), nextCursor);
  }
}

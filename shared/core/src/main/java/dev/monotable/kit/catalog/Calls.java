package dev.monotable.kit.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The DynamoDB calls one access pattern makes: one operation, several in sequence ({@code UpdateItem +
 * TransactWriteItems}), one of several by case ({@code GetItem / BatchGetItem}), or none (a route
 * that never touches the table). The docs print {@link #render()}; checks read the operations.
 *
 * @param operations the operations, in the order they are made
 * @param join how they combine
 * @param sometimes reads made only in some cases (an authorization read for a private item, a
 *     second read that tells an empty list from a missing parent), after the operations
 */
public record Calls(List<Operation> operations, Join join, List<Operation> sometimes) {

  /** How several operations of one pattern combine. */
  public enum Join {
    /** Each call makes every operation, in order. */
    THEN(" + "),
    /** Each call makes one of the operations, depending on the case. */
    EITHER(" / ");

    private final String separator;

    Join(String separator) {
      this.separator = separator;
    }
  }

  public Calls {
    operations = List.copyOf(operations);
    sometimes = List.copyOf(sometimes);
    if (operations.size() != Set.copyOf(operations).size() && join == Join.EITHER) {
      throw new IllegalArgumentException("an operation named twice among alternatives: " + operations);
    }
  }

  private static final Calls NONE = new Calls(List.of(), Join.THEN, List.of());

  /** A pattern served without a DynamoDB request (a liveness route). */
  public static Calls none() {
    return NONE;
  }

  /** One operation. */
  public static Calls of(Operation operation) {
    return new Calls(List.of(operation), Join.THEN, List.of());
  }

  /** Every operation, in this order, on each call. */
  public static Calls then(Operation first, Operation... more) {
    List<Operation> all = new ArrayList<>(List.of(first));
    all.addAll(List.of(more));
    return new Calls(all, Join.THEN, List.of());
  }

  /** One of the operations on each call, by case. */
  public static Calls either(Operation first, Operation... more) {
    List<Operation> all = new ArrayList<>(List.of(first));
    all.addAll(List.of(more));
    return new Calls(all, Join.EITHER, List.of());
  }

  /** The same calls plus reads made only in some cases, which the route must be granted too. */
  public Calls sometimes(Operation first, Operation... more) {
    List<Operation> all = new ArrayList<>(sometimes);
    all.add(first);
    all.addAll(List.of(more));
    return new Calls(operations, join, all);
  }

  /** Every operation a call may make: the operations, then those made only in some cases. */
  public List<Operation> all() {
    List<Operation> all = new ArrayList<>(operations);
    sometimes.stream().filter(o -> !all.contains(o)).forEach(all::add);
    return all;
  }

  public boolean isNone() {
    return operations.isEmpty();
  }

  /** True when a call may make this operation (always or in some cases). */
  public boolean includes(Operation operation) {
    return operations.contains(operation) || sometimes.contains(operation);
  }

  /** True when the pattern only reads. */
  public boolean readOnly() {
    return all().stream().allMatch(Operation::read);
  }

  /** The calls as the docs print them, for example {@code UpdateItem + TransactWriteItems}, or {@code none}. */
  public String render() {
    if (operations.isEmpty()) {
      return "none";
    }
    String main = String.join(join.separator, operations.stream().map(Operation::apiName).toList());
    return sometimes.isEmpty() ? main
        : main + " (+ " + String.join(" / ", sometimes.stream().map(Operation::apiName).toList()) + ")";
  }

  @Override
  public String toString() {
    return render();
  }
}

package dev.monotable.kit.ops;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.KeyCondition;
import dev.monotable.kit.cli.UsageException;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One READ access pattern of a domain as the operator tools run it ({@code explore ap},
 * {@code test-access-patterns}): the call into the domain's data-access layer that its route's
 * handler makes, its positional parameters by name, and a sample call on the domain's demo data.
 *
 * @param ap the pattern
 * @param params names of its positional parameters, for usage lines
 * @param callerRequired the data-access layer refuses an anonymous caller
 * @param sample a call on the demo dataset
 * @param invocation the data-access call
 */
public record ReadPattern(AccessPatternSpec ap, List<String> params, boolean callerRequired, Sample sample,
    Invocation invocation) {

  /** One call: the data-access method applied to the table, the caller and the positional parameters. */
  @FunctionalInterface
  public interface Invocation {
    Page<Map<String, AttributeValue>> run(TableGateway table, String caller, List<String> params, PageRequest page);
  }

  /**
   * A call on the demo dataset.
   *
   * @param caller the authenticated caller, or null for an anonymous read
   * @param params positional parameters
   */
  public record Sample(String caller, List<String> params) {
    public static Sample of(String caller, String... params) {
      return new Sample(caller, List.of(params));
    }

    /** {@code <params> as <caller>} (or anonymous), for reports. */
    public String describe() {
      return String.join(" ", params) + (caller == null ? " (anonymous)" : " as " + caller);
    }
  }

  /**
   * The read pattern of a pattern whose declared key says how to read it, a GetItem of one item
   * ({@link KeyCondition.GetKey}) or a Query of one partition ({@link KeyCondition.QueryKey}): its
   * parameters are the key's placeholders, its call the request its declaration builds, anonymous.
   * A plain pattern's route makes the same request, so its read pattern needs nothing more.
   *
   * @param sample a value of the demo data per placeholder, in the key's order
   * @throws IllegalArgumentException the key is a plan, or {@code sample} does not fill it
   */
  public static ReadPattern declared(AccessPatternSpec ap, String... sample) {
    List<String> params = placeholders(ap);
    if (sample.length != params.size()) {
      throw new IllegalArgumentException(ap.name() + " takes " + params + ", the sample gives " + List.of(sample));
    }
    boolean get = ap.key() instanceof KeyCondition.GetKey;
    return new ReadPattern(ap, params, false, Sample.of(null, sample), (table, caller, values, page) -> {
      Map<String, String> byName = new java.util.HashMap<>();
      for (int i = 0; i < params.size(); i++) {
        byName.put(params.get(i), values.get(i));
      }
      return get ? new Page<>(table.get(ap.itemKey(byName)).stream().toList(), null)
          : table.query(ap.queryFor(byName), page, ap.name());
    });
  }

  /**
   * The read pattern of a members' read ({@code DeclaredPattern.forMembers}), as its plain route
   * makes it for {@code caller}: a Get's one BatchGetItem of the caller's membership item and the
   * item, a Query's GetItem of the membership item then the page; a 403 when the caller is no such member.
   */
  public static ReadPattern members(AccessPatternSpec ap, dev.monotable.kit.catalog.Membership m, String caller,
      String... sample) {
    List<String> params = placeholders(ap);
    ReadPattern plain = declared(ap, sample);
    return new ReadPattern(ap, params, true, Sample.of(caller, sample), (table, who, values, page) -> {
      String group = values.get(params.indexOf(m.group()));
      dev.monotable.kit.keys.Key membership = m.key(group, who);
      Map<String, String> byName = new java.util.HashMap<>();
      for (int i = 0; i < params.size(); i++) {
        byName.put(params.get(i), values.get(i));
      }
      if (ap.key() instanceof KeyCondition.GetKey) {
        dev.monotable.kit.keys.Key key = ap.itemKey(byName);
        var found = table.batchGet(List.of(membership, key));
        if (!m.admits(found.get(membership))) {
          throw new dev.monotable.kit.errors.ForbiddenException(m.refusal());
        }
        return new Page<>(java.util.Optional.ofNullable(found.get(key)).stream().toList(), null);
      }
      if (!m.admits(table.get(membership).orElse(null))) {
        throw new dev.monotable.kit.errors.ForbiddenException(m.refusal());
      }
      return plain.invocation().run(table, who, values, page);
    });
  }

  /**
   * The placeholders of a pattern's declared key, in the key's order: a GetItem's table key, a
   * Query's partition and sort bounds.
   *
   * @throws IllegalArgumentException the key is a plan
   */
  public static List<String> placeholders(AccessPatternSpec ap) {
    List<KeyCondition.Part> parts = new java.util.ArrayList<>();
    if (ap.key() instanceof KeyCondition.GetKey g) {
      parts.addAll(List.of(g.pk(), g.sk()));
    } else if (ap.key() instanceof KeyCondition.QueryKey q) {
      parts.addAll(java.util.stream.Stream.of(q.pk(), q.from(), q.to()).filter(java.util.Objects::nonNull).toList());
    } else {
      throw new IllegalArgumentException(ap.name() + " reads by a plan, not a declared key: give its call");
    }
    List<String> params = new java.util.ArrayList<>();
    parts.forEach(p -> p.parameters().stream().filter(n -> !params.contains(n)).forEach(params::add));
    return params;
  }

  /** {@code AP23 <owner> <repo> <number>}. */
  public String usage() {
    StringBuilder sb = new StringBuilder(ap.name());
    params.forEach(p -> sb.append(" <").append(p).append('>'));
    if (callerRequired) {
      sb.append(" --as <caller>");
    }
    return sb.toString();
  }

  /** Runs the pattern through the data-access layer; items as the model records write them. */
  public Page<Map<String, AttributeValue>> run(TableGateway table, String caller, List<String> values,
      PageRequest page) {
    if (values.size() != params.size()) {
      throw new UsageException(ap.name() + " takes " + params.size() + " parameter(s): " + usage());
    }
    if (callerRequired && caller == null) {
      throw new UsageException(ap.name() + " needs a caller: " + usage());
    }
    return invocation.run(table, caller, values, page);
  }
}

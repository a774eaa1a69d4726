package dev.monotable.kit.ops;

import dev.monotable.kit.catalog.AccessPatternSpec;
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

package dev.monotable.kit.cli;

import java.io.PrintStream;
import java.net.ConnectException;
import java.util.function.Supplier;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/**
 * The shell around every {@code scripts/*} main (README, "Operator tools"): {@code --help} or
 * {@code -h} prints the usage on stdout and exits 0, a bad command line prints one line and a
 * pointer to {@code --help} on stderr and exits 2, a failure prints one line (with a hint for the
 * usual causes, never a stack trace) and exits 1; otherwise the tool's own exit code.
 */
public final class OpsMain {

  /** Where a tool works (a table at an endpoint), as its one-line errors name it. */
  public interface Target {
    /** For example {@code table monotable-local at http://127.0.0.1:8000}. */
    String describe();
  }

  /** The body of a main that works on a table: parses, runs, returns the exit code. */
  @FunctionalInterface
  public interface Body<E extends Target> {
    int run(E env) throws Exception;
  }

  /** The body of a main that needs no table (token, docs, dev, bench). */
  @FunctionalInterface
  public interface Command {
    int run() throws Exception;
  }

  private OpsMain() {}

  /** Runs a command on the target {@code environment} reads (after {@code --help} is handled), and exits. */
  public static <E extends Target> void exec(String usage, String[] args, Supplier<E> environment, Body<E> body) {
    System.exit(run(usage, args, body, System.out, System.err, environment));
  }

  /** Runs a command that reads its own environment, and exits with its status. */
  public static void exec(String usage, String[] args, Command command) {
    System.exit(run(usage, args, command, System.out, System.err));
  }

  /** {@link #exec(String, String[], Command)} without the exit, for tests. */
  public static int run(String usage, String[] args, Command command, PrintStream out, PrintStream err) {
    return run(usage, args, (Target env) -> command.run(), out, err, () -> null);
  }

  /** {@link #exec(String, String[], Supplier, Body)} without the exit, for tests: returns the exit status. */
  public static <E extends Target> int run(String usage, String[] args, Supplier<E> environment, Body<E> body,
      PrintStream out, PrintStream err) {
    return run(usage, args, body, out, err, environment);
  }

  static <E extends Target> int run(String usage, String[] args, Body<E> body, PrintStream out, PrintStream err,
      Supplier<E> environment) {
    if (Args.wantsHelp(args)) {
      out.println(usage);
      return 0;
    }
    E env = null;
    try {
      env = environment.get();
      return body.run(env);
    } catch (UsageException e) {
      err.println("error: " + e.getMessage() + " (" + command(usage) + " --help for usage)");
      return 2;
    } catch (ResourceNotFoundException e) {
      err.println("error: " + (env == null ? "" : env.describe() + ": ") + "table not found ("
          + e.awsErrorDetails().errorMessage() + "); create it with scripts/seed, or set TABLE_NAME");
      return 1;
    } catch (SdkClientException e) {
      if (causedBy(e, ConnectException.class)) {
        err.println("error: cannot reach DynamoDB" + (env == null ? "" : " (" + env.describe() + ")")
            + ": is scripts/dev running? (or set DYNAMODB_ENDPOINT)");
      } else {
        err.println("error: " + e.getMessage());
      }
      return 1;
    } catch (Failure e) {
      err.println("error: " + e.getMessage());
      return 1;
    } catch (Exception e) {
      err.println("error: " + e.getClass().getSimpleName() + ": " + firstLine(e.getMessage()));
      return 1;
    }
  }

  /** A failure the tool explains itself in one line (what went wrong and what to do): exit 1. */
  public static final class Failure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public Failure(String message) {
      super(message);
    }
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "";
    }
    int nl = message.indexOf('\n');
    return nl < 0 ? message : message.substring(0, nl);
  }

  /** {@code scripts/explore} from a usage text starting {@code usage: scripts/explore ...}. */
  static String command(String usage) {
    String[] words = usage.strip().split("\\s+");
    return words.length > 1 ? words[1] : "the tool";
  }

  private static boolean causedBy(Throwable e, Class<? extends Throwable> type) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return true;
      }
    }
    return false;
  }
}

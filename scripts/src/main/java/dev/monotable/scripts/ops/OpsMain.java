package dev.monotable.scripts.ops;

import java.io.PrintStream;
import java.net.ConnectException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/**
 * The shell around every operator tool's {@code main}: {@code --help} prints the usage and exits 0,
 * a bad command line prints the problem and the usage and exits 2, a failure prints one line
 * (with a hint for the usual causes) and exits 1; otherwise the tool's own exit code.
 */
final class OpsMain {

  /** The body of a main: parses, runs, returns the exit code. */
  @FunctionalInterface
  interface Body {
    int run(OpsEnvironment env) throws Exception;
  }

  private OpsMain() {}

  static void exec(String usage, String[] args, Body body) {
    System.exit(run(usage, args, body, System.out, System.err, OpsEnvironment::fromEnvironment));
  }

  static int run(String usage, String[] args, Body body, PrintStream out, PrintStream err,
      java.util.function.Supplier<OpsEnvironment> environment) {
    if (Args.wantsHelp(args)) {
      out.println(usage);
      return 0;
    }
    OpsEnvironment env = null;
    try {
      env = environment.get();
      return body.run(env);
    } catch (UsageException e) {
      err.println("error: " + e.getMessage());
      err.println("(" + command(usage) + " --help for usage)");
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
    } catch (Exception e) {
      err.println("error: " + e.getClass().getSimpleName() + ": " + e.getMessage());
      return 1;
    }
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

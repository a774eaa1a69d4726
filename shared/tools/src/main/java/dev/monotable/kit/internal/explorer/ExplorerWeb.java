package dev.monotable.kit.internal.explorer;

import dev.monotable.kit.cli.Args;
import dev.monotable.kit.internal.cli.DomainOption;
import dev.monotable.kit.cli.OpsMain;
import dev.monotable.kit.cli.UsageException;
import dev.monotable.kit.local.LocalPagesServer;
import dev.monotable.kit.ops.OpsDomain;
import dev.monotable.kit.ops.OpsEnvironment;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;

/**
 * {@code scripts/explore --web}: the explorer page ({@link ExplorerPages}) on its own, for the table
 * the operator tools reach ({@code TABLE_NAME} at {@code DYNAMODB_ENDPOINT}, AWS included), served
 * on 127.0.0.1 until Ctrl-C. Reads only.
 */
public final class ExplorerWeb {
  /** The port {@code explore --web} serves on unless given {@code --port}. */
  public static final int DEFAULT_PORT = 3100;

  static final String USAGE = """
      usage: scripts/explore --web [--port n] [--domain <id>]

      Serves the explorer page (entities, collections, access patterns, items, live stream) on
      http://127.0.0.1:<port>/explorer for the table the operator tools reach. It reads only; the
      Entities view counts items with a Scan (operator view) and says so.

        --port     the port (default 3100; 0 picks a free one)
        --domain   the domain the page opens on (default: MONOTABLE_DOMAIN, else the first registered);
                   every registered domain can be chosen on the page

      Environment: DYNAMODB_ENDPOINT (default http://127.0.0.1:8000; "aws" for AWS), TABLE_NAME, AWS_REGION,
      CURSOR_SECRET (else the local runner's key in .local/).
      Exit status: 0 stopped, 1 failed to start, 2 bad usage.""";

  private ExplorerWeb() {}

  /**
   * @param domains every registered domain by id
   * @param resolve the id of the domain {@code --domain} names (null: the default); throws a
   *     {@link UsageException} for an unknown one
   * @param localTables the table of the domain {@code --domain} names, when {@code TABLE_NAME} is unset
   */
  public static void main(String[] args, Map<String, OpsDomain> domains, Function<String, String> resolve,
      Function<String, String> localTables) {
    OpsMain.exec(USAGE, args, OpsEnvironment.forDomain(args, localTables), env -> {
      DomainOption chosen = DomainOption.take(args);
      Args a = Args.parse(chosen.rest(), Set.of("--web"), Set.of("--port"));
      if (!a.flag("--web") || !a.positional().isEmpty()) {
        throw new UsageException("explore --web takes only --port and --domain");
      }
      int port = a.intOption("--port", DEFAULT_PORT, 0, 65535);
      String id = resolve.apply(chosen.id());
      Explorer explorer = new Explorer(domains, id, env.endpoint(), env.region(), env.table(), env.cursors());
      ExplorerPages pages = new ExplorerPages(explorer);
      LocalPagesServer server;
      try {
        server = LocalPagesServer.start(port, List.of(pages));
      } catch (java.io.IOException busy) {
        explorer.close();
        throw new OpsMain.Failure("port " + port + " is in use: choose another with --port");
      }
      CountDownLatch stopped = new CountDownLatch(1);
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        server.close();
        explorer.close();
        stopped.countDown();
      }));
      System.out.println("explore --web: " + env.describe());
      System.out.println("  explorer " + server.baseUrl() + ExplorerPages.PAGE);
      System.out.println("Ctrl-C stops it.");
      stopped.await();
      return 0;
    });
  }
}

package dev.monotable.kit.local;

import dev.monotable.kit.cli.OpsMain;
import dev.monotable.kit.cli.UsageException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.keys.Segments;
import java.io.PrintStream;
import java.time.Instant;

/**
 * {@code scripts/token <username>}: prints a bearer token of the local issuer
 * ({@link LocalKeys#ISSUER}), valid for one hour, for any local service started from this
 * checkout whatever its {@code PORT}.
 */
public final class TokenCli {

  static final String USAGE = """
      usage: scripts/token <username>

      Prints a one-hour RS256 bearer token for <username>, signed by the local issuer's key in .local/
      (created on first use; MONOTABLE_LOCAL_DIR overrides the folder). Every local service started
      from this checkout accepts it, whatever its PORT:
        curl -H "Authorization: Bearer $(scripts/token alice)" http://127.0.0.1:3000/orgs/acme/invitations

      Exit status: 0 printed, 1 failed, 2 bad usage.""";

  private TokenCli() {}

  public static void main(String[] args) {
    OpsMain.exec(USAGE, args, () -> run(args, LocalKeys.inWorkingDirectory(), System.out));
  }

  /** Prints the token; {@link UsageException} for a missing or malformed username. */
  static int run(String[] args, LocalKeys keys, PrintStream out) {
    if (args.length != 1 || args[0].startsWith("-")) {
      throw new UsageException(args.length == 0 ? "name the user: scripts/token <username>"
          : args.length > 1 ? "one username only, not " + args.length + " arguments" : "unknown option " + args[0]);
    }
    try {
      Segments.account("username", args[0]);
    } catch (ValidationException e) {
      throw new UsageException(e.getMessage());
    }
    long now = Instant.now().getEpochSecond();
    out.println(keys.signer().sign(LocalKeys.ISSUER, LocalKeys.AUDIENCE, args[0], now, now + 3600));
    return 0;
  }
}

package dev.monotable.kit.local;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
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
      usage: scripts/token <username> [--group <group>]...

      Prints a one-hour RS256 bearer token for <username>, signed by the local issuer's key in .local/
      (created on first use; MONOTABLE_LOCAL_DIR overrides the folder). Every local service started
      from this checkout accepts it, whatever its PORT:
        curl -H "Authorization: Bearer $(scripts/token alice)" http://127.0.0.1:3000/<a route that requires auth>
      --group puts the user in a user pool group (claim cognito:groups), for routes only a group may call:
        scripts/token ops --group operators

      Exit status: 0 printed, 1 failed, 2 bad usage.""";

  private static final Pattern GROUP = Pattern.compile("^[A-Za-z0-9_-]{1,128}$");

  private TokenCli() {}

  public static void main(String[] args) {
    OpsMain.exec(USAGE, args, () -> run(args, LocalKeys.inWorkingDirectory(), System.out));
  }

  /** Prints the token; {@link UsageException} for a missing or malformed username. */
  static int run(String[] args, LocalKeys keys, PrintStream out) {
    List<String> names = new ArrayList<>();
    List<String> groups = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--group")) {
        if (i + 1 >= args.length || !GROUP.matcher(args[i + 1]).matches()) {
          throw new UsageException("--group takes a group name of letters, digits, '-' or '_'");
        }
        groups.add(args[++i]);
      } else if (args[i].startsWith("-")) {
        throw new UsageException("unknown option " + args[i]);
      } else {
        names.add(args[i]);
      }
    }
    if (names.size() != 1) {
      throw new UsageException(names.isEmpty() ? "name the user: scripts/token <username>"
          : "one username only, not " + names.size() + " arguments");
    }
    args = new String[] {names.get(0)};
    try {
      Segments.username("username", args[0]);
    } catch (ValidationException e) {
      throw new UsageException(e.getMessage());
    }
    long now = Instant.now().getEpochSecond();
    out.println(keys.signer().sign(LocalKeys.ISSUER, LocalKeys.AUDIENCE, args[0], now, now + 3600, groups));
    return 0;
  }
}

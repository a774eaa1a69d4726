package dev.monotable.scripts.local;

import dev.monotable.shared.keys.Segments;
import java.time.Instant;

/**
 * {@code scripts/token <username>}: prints a bearer token of the local issuer for the local
 * service on {@code PORT} (default 3000), valid for one hour.
 */
public final class TokenCli {
  private TokenCli() {}

  public static void main(String[] args) {
    if (args.length != 1) {
      System.err.println("usage: scripts/token <username>");
      System.exit(2);
    }
    Segments.account("username", args[0]);
    int port = LocalService.port();
    long now = Instant.now().getEpochSecond();
    System.out.println(LocalKeys.inWorkingDirectory().signer()
        .sign(LocalKeys.issuer(port), LocalKeys.AUDIENCE, args[0], now, now + 3600));
  }
}

package dev.monotable.forge.tools;

import dev.monotable.forge.functions.Services;
import dev.monotable.forge.data.TicketPatch;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.keys.Ulid;
import dev.monotable.forge.model.Activity;
import dev.monotable.forge.model.Role;
import dev.monotable.forge.keys.TicketKind;
import java.time.Duration;
import java.time.Instant;

/**
 * The small demo dataset of the local service, written through the data-access layer (the same
 * calls the API makes): users alice, bob and carol; org acme (alice admin, bob member); public
 * and private repositories; issues and pull requests sharing numbers; comments, reactions, stars,
 * a fork, an invitation and a few activity entries.
 */
public final class Seed {
  private Seed() {}

  public static void demo(Services s) {
    s.accounts().createUser("alice", "alice", "alice@example.com", "Alice Liddell", "Builds things.");
    s.accounts().createUser("bob", "bob", "bob@example.com", "Bob Builder", null);
    s.accounts().createUser("carol", "carol", "carol@example.com", "Carol Danvers", null);

    s.organizations().createOrg("alice", "acme", "Acme Corporation", "Makers of everything");
    s.organizations().putMember("alice", "acme", "bob", Role.MEMBER);
    s.organizations().createInvitation("alice", "acme", "carol@example.com", Role.MEMBER);

    s.repositories().createRepo("alice", "alice", "hello-forge", "A first repository", false);
    s.repositories().createRepo("alice", "alice", "secret-plans", "Private to alice", true);
    s.repositories().createRepo("alice", "acme", "anvil", "Acme's flagship product", false);
    s.repositories().createRepo("alice", "acme", "roadmap", "Private to acme members", true);

    for (int i = 1; i <= 3; i++) {
      s.tickets().create(TicketKind.ISSUE, "bob", "alice", "hello-forge", "Issue " + i, "Demo issue " + i, null, null);
    }
    s.tickets().create(TicketKind.PULL_REQUEST, "bob", "alice", "hello-forge", "Add README", "Docs", "bob:readme",
        "main");
    s.tickets().update(TicketKind.ISSUE, "alice", "alice", "hello-forge", 1, null, TicketPatch.state("closed"));
    s.tickets().create(TicketKind.PULL_REQUEST, "bob", "alice", "hello-forge", "Fix typo", null, "bob:typo", "main");
    s.tickets().update(TicketKind.PULL_REQUEST, "alice", "alice", "hello-forge", 5, null, TicketPatch.state("merged"));
    s.comments().create(TicketKind.ISSUE, "alice", "alice", "hello-forge", 2, "Thanks, looking into it.");
    s.comments().create(TicketKind.PULL_REQUEST, "alice", "alice", "hello-forge", 4, "Looks good!");
    s.reactions().react(TicketKind.ISSUE, "bob", "alice", "hello-forge", 2, "+1");
    s.reactions().react(TicketKind.PULL_REQUEST, "alice", "alice", "hello-forge", 4, "rocket");
    s.tickets().create(TicketKind.ISSUE, "bob", "acme", "anvil", "Anvil is too heavy", null, null, null);

    s.stars().star("bob", "alice", "hello-forge");
    s.stars().star("carol", "alice", "hello-forge");
    s.stars().star("alice", "acme", "anvil");
    s.repositories().fork("carol", "alice", "hello-forge");

    // The activity feed is written by the stream handlers (deployed, and in scripts/dev's pipeline,
    // which adds entries for the writes above); these few keep AP12 non-empty where the seed runs
    // without them (scripts/seed, the operator tools' tests).
    Instant now = s.table().clock().instant();
    String[][] events = {{"IssueOpened", "bob", "1"}, {"Starred", "carol", null}, {"Forked", "carol", null}};
    for (int i = 0; i < events.length; i++) {
      Instant at = now.minus(Duration.ofMinutes(events.length - i));
      String ts = Timestamps.format(at);
      s.activities().record(new Activity("alice", Ulid.next(at), events[i][0], events[i][1], "alice", "hello-forge",
          events[i][2] == null ? null : Integer.valueOf(events[i][2]), events[i][0] + " by " + events[i][1], ts,
          at.plus(Duration.ofDays(90)).getEpochSecond()));
    }
  }
}

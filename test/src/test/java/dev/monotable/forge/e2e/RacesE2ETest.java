package dev.monotable.forge.e2e;

import static dev.monotable.forge.e2e.ForgeFixtures.lower;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.monotable.forge.e2e.Forge.Reply;
import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.testing.TestTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The races the service promises to win, over HTTP with many clients at once: uniqueness of
 * usernames, e-mails and repository names, gap-free issue numbers, exact star counts and
 * optimistic locking. Each holds only on an engine that keeps every acknowledged write (the local
 * engine serializes requests and journals transactions; plain moto lost writes here).
 */
@ExtendWith(ForgeExtension.class)
class RacesE2ETest {
  private static final int CLIENTS = 32;
  private final Forge forge;
  private final TestTable table;
  private final ForgeFixtures fx;
  private final TicketFixtures tickets;

  RacesE2ETest(Forge forge, TestTable table) {
    this.forge = forge;
    this.table = table;
    this.fx = new ForgeFixtures(forge);
    this.tickets = new TicketFixtures(forge);
  }

  /** Sends {@code n} requests at once (released together) and answers the replies in order. */
  private static List<Reply> race(int n, IntFunction<Forge.Call> request) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(n);
    CountDownLatch go = new CountDownLatch(1);
    try {
      List<Future<Reply>> futures = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        Forge.Call call = request.apply(i);
        Callable<Reply> send = () -> {
          go.await();
          return call.send();
        };
        futures.add(pool.submit(send));
      }
      go.countDown();
      List<Reply> replies = new ArrayList<>();
      for (Future<Reply> f : futures) {
        replies.add(f.get(120, TimeUnit.SECONDS));
      }
      return replies;
    } finally {
      pool.shutdownNow();
    }
  }

  private static Map<Integer, Long> statuses(List<Reply> replies) {
    return replies.stream().collect(Collectors.groupingBy(Reply::status, TreeMap::new, Collectors.counting()));
  }

  @Test
  void signUps_ofOneUsername_haveExactlyOneWinner() throws Exception {
    String name = ForgeFixtures.unique("Racer");
    List<Reply> replies = race(CLIENTS, i -> forge.post("/users").as(name)
        .json("username", name, "email", "racer" + i + "-" + lower(name) + "@example.io"));
    assertEquals(Map.of(201, 1L, 409, (long) CLIENTS - 1), statuses(replies), replies::toString);
    String winnerEmail = (String) replies.stream().filter(r -> r.status() == 201).findFirst().orElseThrow().json().get("email");
    // The winner's e-mail reservation exists; no loser's does.
    for (int i = 0; i < CLIENTS; i++) {
      String email = "racer" + i + "-" + lower(name) + "@example.io";
      assertEquals(email.equals(winnerEmail), table.item(Keys.accountEmail(email)).isPresent(), email);
    }
  }

  @Test
  void signUps_ofOneEmail_byDifferentUsers_haveExactlyOneWinner() throws Exception {
    String email = lower(ForgeFixtures.unique("shared")) + "@example.io";
    List<String> names = new ArrayList<>();
    for (int i = 0; i < CLIENTS; i++) {
      names.add(ForgeFixtures.unique("Mail"));
    }
    List<Reply> replies = race(CLIENTS, i -> forge.post("/users").as(names.get(i)).json("username", names.get(i), "email", email));
    assertEquals(Map.of(201, 1L, 409, (long) CLIENTS - 1), statuses(replies), replies::toString);
    long accounts = names.stream().filter(n -> table.item(Keys.account(n)).isPresent()).count();
    assertEquals(1, accounts, "one e-mail, one account");
  }

  @Test
  void repositoryCreations_ofOneName_haveExactlyOneWinner() throws Exception {
    String owner = fx.user("Rower");
    String repo = ForgeFixtures.unique("contested");
    List<Reply> replies = race(CLIENTS, i -> forge.post("/repos").as(owner).json("owner", owner, "name", repo, "description", "d" + i));
    assertEquals(Map.of(201, 1L, 409, (long) CLIENTS - 1), statuses(replies), replies::toString);
    assertEquals(1, table.scanAll().stream()
        .filter(item -> item.get("PK").s().equals(Keys.repository(owner, repo).pk())).count());
  }

  @Test
  void parallelIssueCreations_getTheNumbersOneToTwentyFour_withoutGapsOrRepeats() throws Exception {
    String owner = fx.user("Numberer");
    fx.repo(owner, owner, "numbers", false);
    List<Reply> replies = race(24, i -> forge.post("/repos/" + owner + "/numbers/issues").as(owner).json("title", "issue " + i));
    assertEquals(Map.of(201, 24L), statuses(replies), replies::toString);
    List<Integer> numbers = replies.stream().map(r -> ((Number) r.json().get("number")).intValue()).sorted().toList();
    assertEquals(java.util.stream.IntStream.rangeClosed(1, 24).boxed().toList(), numbers);
    for (int n = 1; n <= 24; n++) {
      assertEquals(true, table.item(Keys.ticket(TicketKind.ISSUE, owner, "numbers", n)).isPresent(), "issue " + n);
    }
  }

  @Test
  void starAndUnstarStorms_leaveStarCountEqualToTheStarItems() throws Exception {
    String owner = fx.user("Starred");
    fx.repo(owner, owner, "popular", false);
    List<String> fans = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      fans.add(fx.user("Fan"));
    }
    // Each fan stars and unstars over and over, all at once; the last word of each fan is a star
    // for even fans and an unstar for odd ones.
    for (int round = 0; round < 3; round++) {
      race(CLIENTS, i -> {
        String fan = fans.get(i % fans.size());
        return (i / fans.size()) % 2 == 0
            ? forge.put("/user/starred/" + owner + "/popular").as(fan)
            : forge.delete("/user/starred/" + owner + "/popular").as(fan);
      });
    }
    race(fans.size(), i -> i % 2 == 0
        ? forge.put("/user/starred/" + owner + "/popular").as(fans.get(i))
        : forge.delete("/user/starred/" + owner + "/popular").as(fans.get(i)));
    long stars = fans.stream().filter(f -> table.item(Keys.star(f, owner, "popular")).isPresent()).count();
    AttributeValue count = table.item(Keys.repository(owner, "popular")).orElseThrow().get("StarCount");
    assertEquals(fans.size() / 2, stars);
    assertEquals(Long.toString(stars), count.n(), "StarCount equals the Star items");
  }

  @Test
  void patches_withOneIfMatch_haveOneWinner_andTheRestAre412() throws Exception {
    String owner = fx.user("Patcher");
    fx.repo(owner, owner, "locked", false);
    int number = tickets.issue(owner, owner, "locked", "original");
    List<Reply> replies = race(CLIENTS, i -> forge.patch("/repos/" + owner + "/locked/issues/" + number).as(owner)
        .ifMatch(1).json("title", "title " + i));
    assertEquals(Map.of(200, 1L, 412, (long) CLIENTS - 1), statuses(replies), replies::toString);
    Reply winner = replies.stream().filter(r -> r.status() == 200).findFirst().orElseThrow();
    Map<String, AttributeValue> issue = table.item(Keys.ticket(TicketKind.ISSUE, owner, "locked", number)).orElseThrow();
    assertEquals(winner.json().get("title"), issue.get("Title").s());
    assertEquals("2", issue.get("Version").n());
  }
}

package dev.monotable.forge.data;

import static dev.monotable.forge.data.TicketFixtures.*;
import static dev.monotable.forge.keys.TicketKind.ISSUE;
import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.forge.Forge;
import dev.monotable.forge.keys.Keys;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.errors.ForbiddenException;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TableOf;
import dev.monotable.testing.TestTable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * The transactions of AP22 and AP28 as sent: the caller's profile check asks for no old item (its
 * refusal is a 403 whatever the item holds), the checks and puts whose old item explains a refusal
 * still ask for it, and a caller without a profile is still refused with nothing written.
 */
@ExtendWith(DynamoDbExtension.class)
@TableOf(Forge.class)
class WriteRequestShapeTest {
  private static final AtomicInteger REPO_SEQ = new AtomicInteger();

  private final TestTable table;
  private final List<TransactWriteItemsRequest> sent = new ArrayList<>();
  private Tickets tickets;
  private Comments comments;

  WriteRequestShapeTest(TestTable table) {
    this.table = table;
  }

  @BeforeEach
  void setUp() {
    ExecutionInterceptor capture = new ExecutionInterceptor() {
      @Override
      public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        if (context.request() instanceof TransactWriteItemsRequest t) {
          sent.add(t);
        }
      }
    };
    MutableClock clock = MutableClock.at("2026-05-06T07:08:09.123Z");
    TableGateway gateway = new TableGateway(DynamoDbExtension.newClient(capture), table.name(), table.cursors(),
        clock);
    tickets = new Tickets(gateway);
    comments = new Comments(gateway);
    profiles(table, "Alice", "Bob");
  }

  private String publicRepo() {
    String repo = "Shape-" + REPO_SEQ.incrementAndGet();
    userRepo(table, "Alice", repo, false);
    return repo;
  }

  private ConditionCheck profileCheck(TransactWriteItemsRequest t, String caller) {
    return t.transactItems().stream().map(TransactWriteItem::conditionCheck)
        .filter(c -> c != null && c.key().equals(Keys.account(caller).toMap())).findFirst().orElseThrow();
  }

  @Test
  void createTicket_profileCheckAsksNoOldItem_thePutStillDoes() {
    String repo = publicRepo();
    tickets.create(ISSUE, "Bob", "alice", repo, "title", null, null, null);
    TransactWriteItemsRequest t = sent.get(sent.size() - 1);
    assertNull(profileCheck(t, "Bob").returnValuesOnConditionCheckFailure());
    assertEquals("#type = :type", profileCheck(t, "Bob").conditionExpression());
    assertEquals(ReturnValuesOnConditionCheckFailure.ALL_OLD,
        t.transactItems().get(0).put().returnValuesOnConditionCheckFailure());
  }

  @Test
  void createComment_profileCheckAsksNoOldItem_theTicketCheckAndPutStillDo() {
    String repo = publicRepo();
    tickets.create(ISSUE, "Bob", "alice", repo, "title", null, null, null);
    // The path spells the stored names, so the first attempt (the one with the profile check) commits.
    comments.create(ISSUE, "Bob", "Alice", repo, 1, "hello");
    assertEquals(3, sent.get(sent.size() - 1).transactItems().size());
    TransactWriteItemsRequest t = sent.get(sent.size() - 1);
    assertNull(profileCheck(t, "Bob").returnValuesOnConditionCheckFailure());
    assertEquals(ReturnValuesOnConditionCheckFailure.ALL_OLD,
        t.transactItems().get(0).conditionCheck().returnValuesOnConditionCheckFailure(), "the ticket's check");
    assertEquals(ReturnValuesOnConditionCheckFailure.ALL_OLD,
        t.transactItems().get(1).put().returnValuesOnConditionCheckFailure(), "the comment's put");
  }

  @Test
  void callerWithoutProfile_stillRefused_nothingWritten() {
    String repo = publicRepo();
    tickets.create(ISSUE, "Bob", "alice", repo, "title", null, null, null);
    int before = table.scanAll().size();
    assertThrows(ForbiddenException.class, () -> tickets.create(ISSUE, "Nobody", "alice", repo, "t", null, null, null));
    assertThrows(ForbiddenException.class, () -> comments.create(ISSUE, "Nobody", "alice", repo, 1, "hello"));
    assertEquals(before, table.scanAll().size());
  }
}

package dev.monotable.forge.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.forge.Forge;
import dev.monotable.testing.TableOf;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.monotable.forge.data.Accounts;
import dev.monotable.forge.data.Comments;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.forge.data.Repositories;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.forge.data.Tickets;
import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.model.Comment;
import dev.monotable.forge.model.Ticket;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.TestTable;
import java.time.Clock;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The peer answers Monotable's requests on Monotable's items: items Monotable wrote are read by
 * the peer, and items the peer writes carry the keys, index keys and Type Monotable reads back.
 */
@ExtendWith(DynamoDbExtension.class)
@TableOf(Forge.class)
class PeerHandlersTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final AtomicInteger SEQ = new AtomicInteger();

  private static TestTable table;
  private static TableGateway gateway;
  private static DynamoDbEnhancedClient enhanced;

  @BeforeAll
  static void setUp(TestTable t) {
    table = t;
    gateway = t.gateway(Clock.systemUTC());
    enhanced = DynamoDbEnhancedClient.builder().dynamoDbClient(t.client()).build();
  }

  /** A fresh owner with a public repository {@code r} and a profile for {@code bob}. */
  private static String repoOwner() {
    String owner = "owner" + SEQ.incrementAndGet();
    new Accounts(gateway).createUser(owner, owner, owner + "@example.com", null, null);
    new Repositories(gateway).createRepo(owner, owner, "r", "peer test", false);
    return owner;
  }

  private static APIGatewayV2HTTPEvent event(String caller, Map<String, String> path, String body) {
    var rc = APIGatewayV2HTTPEvent.RequestContext.builder();
    if (caller != null) {
      rc.withAuthorizer(APIGatewayV2HTTPEvent.RequestContext.Authorizer.builder()
          .withJwt(APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT.builder()
              .withClaims(Map.of("username", caller)).build()).build());
    }
    return APIGatewayV2HTTPEvent.builder().withPathParameters(path).withBody(body).withRequestContext(rc.build())
        .build();
  }

  private static JsonNode body(APIGatewayV2HTTPResponse r) throws Exception {
    return JSON.readTree(r.getBody());
  }

  private static Set<Map<String, AttributeValue>> snapshot() {
    return new HashSet<>(table.scanAll());
  }

  @Test
  void getIssue_shouldAnswerTheIssueMonotableWrote_withOneGetItem() throws Exception {
    String owner = repoOwner();
    Ticket t = new Tickets(gateway).create(TicketKind.ISSUE, owner, owner, "r", "Hello", "World", null, null);

    APIGatewayV2HTTPResponse r = new GetIssueHandler(enhanced, table.name())
        .handleRequest(event(null, Map.of("owner", owner, "repo", "r", "number", "1"), null), null);

    assertEquals(200, r.getStatusCode(), r.getBody());
    JsonNode b = body(r);
    assertEquals(t.number(), b.get("number").asInt());
    assertEquals("Hello", b.get("title").asText());
    assertEquals("open", b.get("state").asText());
    assertEquals(owner, b.get("author").asText());
    assertEquals(1, b.get("version").asLong());
  }

  @Test
  void getIssue_shouldAnswer404_whenTheIssueIsMissing() {
    String owner = repoOwner();
    APIGatewayV2HTTPResponse r = new GetIssueHandler(enhanced, table.name())
        .handleRequest(event(null, Map.of("owner", owner, "repo", "r", "number", "7"), null), null);
    assertEquals(404, r.getStatusCode());
  }

  @Test
  void listOpenIssues_shouldAnswerOpenIssuesNewestFirst_fromGsi4() throws Exception {
    String owner = repoOwner();
    Tickets tickets = new Tickets(gateway);
    for (int i = 1; i <= 3; i++) {
      tickets.create(TicketKind.ISSUE, owner, owner, "r", "Issue " + i, null, null, null);
    }
    APIGatewayV2HTTPResponse r = new ListOpenIssuesHandler(enhanced, table.name())
        .handleRequest(event(null, Map.of("owner", owner, "repo", "r"), null), null);

    assertEquals(200, r.getStatusCode(), r.getBody());
    JsonNode items = body(r).get("items");
    assertEquals(3, items.size());
    assertEquals(List.of(3, 2, 1), List.of(items.get(0).get("number").asInt(), items.get(1).get("number").asInt(),
        items.get(2).get("number").asInt()));
    // The same page Monotable's own list answers.
    assertEquals(3, tickets.list(TicketKind.ISSUE, null, owner, "r", "open", PageRequest.first(30)).items().size());
  }

  @Test
  void createIssue_shouldWriteTheItemMonotableReads_withTheCountersNextNumber() throws Exception {
    String owner = repoOwner();
    new Tickets(gateway).create(TicketKind.ISSUE, owner, owner, "r", "First", null, null, null);

    APIGatewayV2HTTPResponse r = new CreateIssueHandler(enhanced, table.name()).handleRequest(
        event("bob", Map.of("owner", owner, "repo", "r"), "{\"title\":\"Peer issue\",\"body\":\"b\"}"), null);

    assertEquals(201, r.getStatusCode(), r.getBody());
    assertEquals(2, body(r).get("number").asInt());
    Map<String, AttributeValue> item = table.item(Keys.ticket(TicketKind.ISSUE, owner, "r", 2)).orElseThrow();
    assertEquals("ISSUE#" + owner + "#r#00000002", item.get("PK").s());
    assertEquals(item.get("PK").s(), item.get("SK").s());
    assertEquals("REPO#" + owner + "#r", item.get("GSI1PK").s());
    assertEquals("ISSUE#00000002", item.get("GSI1SK").s());
    assertEquals("REPO#" + owner + "#r", item.get("GSI4PK").s());
    assertEquals("ISSUE#OPEN#99999997", item.get("GSI4SK").s());
    assertEquals("Issue", item.get("Type").s());
    assertEquals("bob", item.get("Author").s());
    assertEquals("1", item.get("Version").n());
    assertTrue(item.get("Reactions").hasM());
    assertEquals("2", table.item(Keys.counter(owner, "r")).orElseThrow().get("LastNumber").n());
    // Monotable reads the peer's item as its own.
    Ticket read = new Tickets(gateway).get(TicketKind.ISSUE, null, owner, "r", 2);
    assertEquals("Peer issue", read.title());
  }

  @Test
  void createIssue_shouldAnswer400AndWriteNothing_whenTheTitleIsMissing() {
    String owner = repoOwner();
    Set<Map<String, AttributeValue>> before = snapshot();
    APIGatewayV2HTTPResponse r = new CreateIssueHandler(enhanced, table.name()).handleRequest(
        event("bob", Map.of("owner", owner, "repo", "r"), "{\"body\":\"no title\"}"), null);
    assertEquals(400, r.getStatusCode());
    assertEquals(before, snapshot());
  }

  @Test
  void createComment_shouldPutTheCommentInTheRepositorysCollection_inOneTransaction() throws Exception {
    String owner = repoOwner();
    new Tickets(gateway).create(TicketKind.ISSUE, owner, owner, "r", "Discuss", null, null, null);

    APIGatewayV2HTTPResponse r = new CreateCommentHandler(enhanced, table.name()).handleRequest(
        event("bob", Map.of("owner", owner, "repo", "r", "number", "1"), "{\"body\":\"Peer comment\"}"), null);

    assertEquals(201, r.getStatusCode(), r.getBody());
    String id = body(r).get("id").asText();
    Map<String, AttributeValue> item = table.scanAll().stream()
        .filter(i -> i.get("SK").s().equals("ISSUE#00000001#COMMENT#" + id)).findFirst().orElseThrow();
    assertEquals("REPO#" + owner + "#r", item.get("PK").s());
    assertEquals("IssueComment", item.get("Type").s());
    assertEquals("bob", item.get("Author").s());
    assertEquals("Peer comment", item.get("Body").s());
    assertNull(item.get("GSI1PK"));
    assertFalse(item.containsKey("GSI4PK"));
    assertNotNull(item.get("CreatedAt"));
  }

  @Test
  void createComment_shouldAnswer404AndWriteNothing_whenTheIssueIsMissing() {
    String owner = repoOwner();
    Set<Map<String, AttributeValue>> before = snapshot();
    APIGatewayV2HTTPResponse r = new CreateCommentHandler(enhanced, table.name()).handleRequest(
        event("bob", Map.of("owner", owner, "repo", "r", "number", "9"), "{\"body\":\"x\"}"), null);
    assertEquals(404, r.getStatusCode());
    assertEquals(before, snapshot());
  }

  /** A fresh owner with a private repository {@code r} holding issue 1, and a profile for {@code bob}. */
  private static String privateRepoOwner() {
    String owner = "private" + SEQ.incrementAndGet();
    new Accounts(gateway).createUser(owner, owner, owner + "@example.com", null, null);
    new Repositories(gateway).createRepo(owner, owner, "r", "peer test", true);
    new Tickets(gateway).create(TicketKind.ISSUE, owner, owner, "r", "Secret", null, null, null);
    return owner;
  }

  @Test
  void getIssue_shouldAnswer404ToAStranger_andTheIssueToItsOwner_whenTheRepositoryIsPrivate() throws Exception {
    // The contract (spec section 7): a private repository and everything under it is 404 to non-members.
    String owner = privateRepoOwner();
    GetIssueHandler h = new GetIssueHandler(enhanced, table.name());
    Map<String, String> path = Map.of("owner", owner, "repo", "r", "number", "1");
    assertEquals(404, h.handleRequest(event("bob", path, null), null).getStatusCode());
    assertEquals(404, h.handleRequest(event(null, path, null), null).getStatusCode());
    APIGatewayV2HTTPResponse mine = h.handleRequest(event(owner, path, null), null);
    assertEquals(200, mine.getStatusCode(), mine.getBody());
    assertEquals("Secret", body(mine).get("title").asText());
  }

  @Test
  void createComment_shouldAnswer404AndWriteNothing_whenAStrangerCommentsOnAPrivateRepository() throws Exception {
    String owner = privateRepoOwner();
    Set<Map<String, AttributeValue>> before = snapshot();
    APIGatewayV2HTTPResponse r = new CreateCommentHandler(enhanced, table.name()).handleRequest(
        event("bob", Map.of("owner", owner, "repo", "r", "number", "1"), "{\"body\":\"x\"}"), null);
    assertEquals(404, r.getStatusCode(), r.getBody());
    assertEquals(before, snapshot());
    // Its owner may.
    APIGatewayV2HTTPResponse mine = new CreateCommentHandler(enhanced, table.name()).handleRequest(
        event(owner, Map.of("owner", owner, "repo", "r", "number", "1"), "{\"body\":\"mine\"}"), null);
    assertEquals(201, mine.getStatusCode(), mine.getBody());
    String id = body(mine).get("id").asText();
    assertTrue(table.scanAll().stream().anyMatch(i -> i.get("SK").s().equals("ISSUE#00000001#COMMENT#" + id)
        && i.get("PK").s().equals("REPO#" + owner + "#r") && "IssueComment".equals(i.get("Type").s())));
  }

  @Test
  void createIssue_shouldAnswer404_toAStrangerOnAPrivateRepository_andOnAMissingOne_writingNoIssue() throws Exception {
    String owner = privateRepoOwner();
    Map<String, String> path = Map.of("owner", owner, "repo", "r");
    CreateIssueHandler h = new CreateIssueHandler(enhanced, table.name());
    APIGatewayV2HTTPResponse r = h.handleRequest(event("bob", path, "{\"title\":\"x\"}"), null);
    assertEquals(404, r.getStatusCode(), r.getBody());
    // The counter moved (a gap, as in Monotable's numbering), but no issue was written.
    assertTrue(table.item(Keys.ticket(TicketKind.ISSUE, owner, "r", 2)).isEmpty());
    Set<Map<String, AttributeValue>> before = snapshot();
    assertEquals(404, h.handleRequest(event("bob", Map.of("owner", owner, "repo", "none"), "{\"title\":\"x\"}"), null)
        .getStatusCode());
    assertEquals(before, snapshot());
    APIGatewayV2HTTPResponse mine = h.handleRequest(event(owner, path, "{\"title\":\"mine\"}"), null);
    assertEquals(201, mine.getStatusCode(), mine.getBody());
    assertEquals(3, body(mine).get("number").asInt());
    assertEquals("mine", table.item(Keys.ticket(TicketKind.ISSUE, owner, "r", 3)).orElseThrow().get("Title").s());
  }

  @Test
  void listOpenIssues_shouldAnswer404_toAStrangerOnAPrivateRepository_andOnAMissingOne() throws Exception {
    String owner = privateRepoOwner();
    ListOpenIssuesHandler h = new ListOpenIssuesHandler(enhanced, table.name());
    assertEquals(404, h.handleRequest(event("bob", Map.of("owner", owner, "repo", "r"), null), null).getStatusCode());
    assertEquals(404, h.handleRequest(event(owner, Map.of("owner", owner, "repo", "none"), null), null).getStatusCode());
    APIGatewayV2HTTPResponse mine = h.handleRequest(event(owner, Map.of("owner", owner, "repo", "r"), null), null);
    assertEquals(200, mine.getStatusCode(), mine.getBody());
    assertEquals(1, body(mine).get("items").size());
  }

  @Test
  void createComment_shouldBeListedByMonotable() {
    String owner = repoOwner();
    new Tickets(gateway).create(TicketKind.ISSUE, owner, owner, "r", "Listed", null, null, null);
    new CreateCommentHandler(enhanced, table.name()).handleRequest(
        event("bob", Map.of("owner", owner, "repo", "r", "number", "1"), "{\"body\":\"seen\"}"), null);
    List<Comment> comments = new Comments(gateway).list(TicketKind.ISSUE, null, owner, "r", 1, PageRequest.first(30))
        .items();
    assertEquals(1, comments.size());
  }
}

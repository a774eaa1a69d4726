package dev.monotable.kit.lambda;

import dev.monotable.kit.internal.lambda.Priming;
import dev.monotable.kit.http.DomainServices;
import static org.junit.jupiter.api.Assertions.*;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent.DynamodbStreamRecord;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.http.ApiEvent;
import dev.monotable.kit.json.Json;
import dev.monotable.kit.lambda.Notes.CountNotes;
import dev.monotable.kit.lambda.Notes.CreateNote;
import dev.monotable.kit.lambda.Notes.GetNote;
import dev.monotable.kit.lambda.Notes.NotesServices;
import dev.monotable.kit.internal.lambda.Priming.Grant;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TestTable;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * The kit's runtime seam with a domain of its own ({@link Notes}): the handler bases and
 * priming read the domain's routes, stream consumers and body declarations through
 * {@link DomainServices} alone.
 */
@ExtendWith(DynamoDbExtension.class)
class DomainServicesTest {

  private static NotesServices services(TestTable table) {
    return new NotesServices(table.gateway(MutableClock.at("2026-01-01T00:00:00Z")));
  }

  @Test
  void apiHandler_shouldTakeTheAuthOfTheDomainsRoute_andAnswerThroughTheTypedServices(TestTable table)
      throws Exception {
    NotesServices services = services(table);
    services.notes().create("n1", "hello");

    // GIVEN an anonymous request to the domain's Auth.NONE route
    var r = new GetNote(services).handleRequest(ApiEvent.request("GET", "/notes/{id}").path("id", "n1").build(), null);

    // THEN no caller was required, and the handler read through its typed store
    assertEquals(200, r.getStatusCode(), r.getBody());
    assertEquals(Map.of("text", "hello"), Json.readObject(r.getBody()));
    assertEquals(404, new GetNote(services)
        .handleRequest(ApiEvent.request("GET", "/notes/{id}").path("id", "none").build(), null).getStatusCode());
  }

  @Test
  void apiHandler_shouldRequireACaller_whenTheDomainsRouteDoes(TestTable table) {
    var r = new CreateNote(services(table)).handleRequest(
        ApiEvent.request("POST", "/notes").body("{\"text\":\"x\"}").build(), null);
    assertEquals(401, r.getStatusCode());
  }

  @Test
  void apiHandler_shouldRefuseABodyFieldTheDomainDoesNotDeclare_beforeTheHandlerRuns(TestTable table)
      throws Exception {
    NotesServices services = services(table);
    List<Map<String, AttributeValue>> before = table.scanAll();

    var refused = new CreateNote(services).handleRequest(
        ApiEvent.request("POST", "/notes").as("alice").body("{\"txt\":\"x\"}").build(), null);

    assertEquals(400, refused.getStatusCode());
    assertEquals("txt", ((Map<?, ?>) Json.readObject(refused.getBody()).get("error")).get("field"));
    assertEquals(List.of(Notes.CREATE), services.checked, "the base asked the domain's check");
    assertEquals(before, table.scanAll(), "the handler did not run");

    var created = new CreateNote(services).handleRequest(
        ApiEvent.request("POST", "/notes").as("alice").body("{\"text\":\"x\"}").build(), null);
    assertEquals(201, created.getStatusCode(), created.getBody());
    assertEquals("x", services.notes().get("alice-1").get("Text").s());
  }

  @Test
  void grant_shouldBeTheDomainsDeclarations_forItsRoutesAndStreamConsumers() {
    assertEquals(Set.of(DynamoAction.GET_ITEM),
        Grant.ofHandler(Notes.DOMAIN, GetNote.class.getName() + "::handleRequest").actions());
    assertEquals(Set.of(DynamoAction.UPDATE_ITEM),
        Grant.ofHandler(Notes.DOMAIN, CountNotes.class.getName() + "::handleRequest").actions());
    assertEquals(Grant.DEFAULT, Grant.ofHandler(Notes.DOMAIN, "dev.example.other.functions.HealthHandler"),
        "another domain's handler is unknown to this one");
    assertEquals(List.of(GetItemRequest.class),
        Priming.requests("t", Grant.ofHandler(Notes.DOMAIN, GetNote.class.getName())).stream()
            .map(Object::getClass).toList());
    assertEquals(List.of(PutItemRequest.class, TransactWriteItemsRequest.class),
        Priming.requests("t", Grant.ofHandler(Notes.DOMAIN, CreateNote.class.getName())).stream()
            .map(Object::getClass).toList());
  }

  @Test
  void primeHandler_shouldInvokeTheDomainsHandlers_onTheirOwnServices_andWriteNothing(TestTable table) {
    NotesServices services = services(table);
    List<Map<String, AttributeValue>> before = table.scanAll();

    // a GET route: read, nothing found
    Endpoint get = Priming.primingRoute(services, GetNote.class.getName() + "::handleRequest");
    assertEquals(Notes.GET, get.routeKey());
    assertEquals(404, new Priming(services, Grant.ofHandler(Notes.DOMAIN, GetNote.class.getName()), get)
        .primeHandler());

    // a route the domain declares a body for: refused by its check before the handler runs
    Endpoint create = Priming.primingRoute(services, CreateNote.class.getName() + "::handleRequest");
    assertEquals(Notes.CREATE, create.routeKey());
    Priming priming = new Priming(services, Grant.ofHandler(Notes.DOMAIN, CreateNote.class.getName()), create);
    assertEquals(400, priming.primeHandler());
    assertEquals(2, priming.prime(), "PutItem and the transaction both failed their condition");

    assertNull(Priming.primingRoute(services, CountNotes.class.getName()), "a stream consumer has no route");
    assertEquals(before, table.scanAll());
  }

  @Test
  void streamHandler_shouldApplyRecordsWithTheDomainsTypedServices(TestTable table) {
    CountNotes handler = new CountNotes(services(table));
    DynamodbStreamRecord insert = new DynamodbStreamRecord();
    insert.setEventID("1");
    insert.setEventName("INSERT");
    insert.setDynamodb(new StreamRecord().withSequenceNumber("100"));
    DynamodbEvent event = new DynamodbEvent();
    event.setRecords(List.of(insert));

    var response = handler.handleRequest(event, null);

    assertEquals(List.of(), response.getBatchItemFailures());
    assertEquals(1, handler.seen);
  }
}

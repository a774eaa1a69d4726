package dev.monotable.kit.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.KeyCondition;
import dev.monotable.kit.catalog.Membership;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.json.Json;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TestDomain;
import dev.monotable.testing.TestTable;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A members-only plain read, served by the kit from its declaration against the real engine: the
 * caller's membership item read in the read's own request (a Get's one BatchGetItem), 401 without
 * a caller, 403 for a caller the table holds no such membership of, before the item's 404.
 */
@ExtendWith(DynamoDbExtension.class)
class PlainHandlerMembersTest {
  static final Pattern NAME = Pattern.compile("^[a-z][a-z0-9]{0,19}$");
  static final Template CLUB = Template.of("CLUB#{club}");
  static final Attr ROLE = Attr.string("Role", "role", "owner or guest");
  static final Entity SEAT = Entity.of("Seat", CLUB, Template.of("SEAT#{user}"))
      .attributes(Attr.segment("Club", "club", NAME, "the club"), Attr.segment("User", "user", NAME, "its member"), ROLE)
      .build();
  static final Entity MINUTES = Entity.of("Minutes", CLUB, Template.of("MINUTES#{day}"))
      .attributes(Attr.segment("Club", "club", NAME, "the club"), Attr.segment("Day", "day", NAME, "the day"),
          Attr.string("Text", "text", "what was said").changes(Attr.Change.VERSIONED))
      .versioned()
      .build();
  static final Membership MEMBERS = Membership.of(SEAT, "club", "user");

  static final DeclaredPattern GET = DeclaredPattern.get("M01", "a club's minutes of a day", MINUTES)
      .forMembers(MEMBERS);
  static final DeclaredPattern LIST = DeclaredPattern.list("M02", "a club's minutes", MINUTES,
      KeyCondition.query(CLUB).beginsWith(Template.of("MINUTES#"))).forMembers(MEMBERS.withRole(ROLE, "owner"));

  static final DeclaredPattern EDIT = DeclaredPattern.update("M03", "edit the minutes", MINUTES)
      .forMembers(MEMBERS.withRole(ROLE, "owner"));

  static final Domain CLUBS = new Domain() {
    @Override
    public String name() {
      return "Clubs";
    }

    @Override
    public TableSchema schema() {
      return TestDomain.SCHEMA;
    }

    @Override
    public List<? extends AccessPatternSpec> accessPatterns() {
      return List.of(GET, LIST, EDIT);
    }

    @Override
    public List<Endpoint> endpoints() {
      return List.of(Endpoint.plain("GET", "/clubs/{club}/minutes/{day}", Auth.REQUIRED, GET),
          Endpoint.plain("GET", "/clubs/{club}/minutes", Auth.REQUIRED, LIST),
          Endpoint.plain("PATCH", "/clubs/{club}/minutes/{day}", Auth.REQUIRED, EDIT)
              .withBody(dev.monotable.kit.catalog.BodyField.text("text", 1, 100)));
    }

    @Override
    public List<StreamHandlerDeclaration> streams() {
      return List.of();
    }
  };

  private final PlainHandler handler;
  /** The operations the handler's client sent, in order. */
  private final List<String> sent = new java.util.concurrent.CopyOnWriteArrayList<>();

  private final TestTable table;

  PlainHandlerMembersTest(TestTable table) {
    this.table = table;
    var client = DynamoDbExtension.newClient(new software.amazon.awssdk.core.interceptor.ExecutionInterceptor() {
      @Override
      public void beforeExecution(software.amazon.awssdk.core.interceptor.Context.BeforeExecution context,
          software.amazon.awssdk.core.interceptor.ExecutionAttributes attributes) {
        sent.add(attributes.getAttribute(software.amazon.awssdk.core.interceptor.SdkExecutionAttribute.OPERATION_NAME));
      }
    });
    TableGateway gateway = new TableGateway(client, table.name(), table.cursors(),
        MutableClock.at("2090-01-02T00:00:00.000Z"));
    this.handler = new PlainHandler(new DomainServices() {
      @Override
      public Domain domain() {
        return CLUBS;
      }

      @Override
      public TableGateway table() {
        return gateway;
      }

      @Override
      public JwtVerifier verifier() {
        return null;
      }
    });
  }

  @BeforeAll
  static void club(TestTable table) {
    table.put(SEAT.toItem(Map.of("club", "chess", "user", "ann", "role", "owner", "createdAt", "2090-01-01")));
    table.put(SEAT.toItem(Map.of("club", "chess", "user", "gus", "role", "guest", "createdAt", "2090-01-01")));
    table.put(MINUTES.toItem(Map.of("club", "chess", "day", "d1", "text", "we met", "createdAt", "2090-01-01")));
  }

  private APIGatewayV2HTTPResponse get(String day, String caller) {
    ApiEvent e = ApiEvent.request("GET", "/clubs/{club}/minutes/{day}").path("club", "chess").path("day", day);
    return handler.handleRequest((caller == null ? e : e.as(caller)).build(), null);
  }

  private APIGatewayV2HTTPResponse list(String caller) {
    return handler.handleRequest(ApiEvent.request("GET", "/clubs/{club}/minutes").path("club", "chess").as(caller)
        .build(), null);
  }

  @Test
  void aMember_shouldReadTheItem_inOneRequestWithItsMembership() throws Exception {
    sent.clear();
    APIGatewayV2HTTPResponse r = get("d1", "gus");
    assertEquals(200, r.getStatusCode(), r.getBody());
    assertEquals("we met", Json.readObject(r.getBody()).get("text"));
    assertEquals(List.of("BatchGetItem"), sent);
    assertEquals(404, get("d9", "gus").getStatusCode(), "a member learns the item is absent");
  }

  @Test
  void noCaller_orNoMember_shouldBeRefused_beforeTheItemIsTold() throws Exception {
    assertEquals(401, get("d1", null).getStatusCode());
    APIGatewayV2HTTPResponse zoe = get("d1", "zoe");
    assertEquals(403, zoe.getStatusCode());
    assertEquals(403, get("d9", "zoe").getStatusCode(), "no 404 to a non-member: absence is not told");
    assertEquals("forbidden", ((Map<?, ?>) Json.readObject(zoe.getBody()).get("error")).get("code"));
  }

  @Test
  void aList_shouldServeTheRoleItNames_theMembershipReadBeforeThePage() throws Exception {
    assertEquals(403, list("gus").getStatusCode(), "a guest is no owner");
    sent.clear();
    APIGatewayV2HTTPResponse r = list("ann");
    assertEquals(200, r.getStatusCode(), r.getBody());
    assertEquals(List.of("GetItem", "Query"), sent);
    assertEquals("d1", ((Map<?, ?>) ((List<?>) Json.readObject(r.getBody()).get("items")).get(0)).get("day"));
  }

  private APIGatewayV2HTTPResponse edit(String day, String caller, String ifMatch, String text) {
    return handler.handleRequest(ApiEvent.request("PATCH", "/clubs/{club}/minutes/{day}").path("club", "chess")
        .path("day", day).as(caller).header("if-match", ifMatch).body("{\"text\":\"" + text + "\"}").build(), null);
  }

  @Test
  void aVersionedUpdate_shouldCheckTheRoleInItsTransaction_andTell403_404_412Apart() throws Exception {
    table.put(MINUTES.toItem(Map.of("club", "chess", "day", "d2", "text", "draft", "createdAt", "2090-01-01")));
    dev.monotable.kit.keys.Key d2 = new dev.monotable.kit.keys.Key("CLUB#chess", "MINUTES#d2");
    assertEquals(403, edit("d2", "gus", "\"1\"", "guest's").getStatusCode(), "a guest is no owner");
    assertEquals("draft", table.item(d2).orElseThrow().get("Text").s(), "refused: nothing written");
    sent.clear();
    APIGatewayV2HTTPResponse r = edit("d2", "ann", "\"1\"", "final");
    assertEquals(200, r.getStatusCode(), r.getBody());
    assertEquals(List.of("TransactWriteItems", "GetItem"), sent);
    assertEquals(List.of("final", 2), List.of(Json.readObject(r.getBody()).get("text"),
        Json.readObject(r.getBody()).get("version")));
    assertEquals(List.of("final", "2"), List.of(table.item(d2).orElseThrow().get("Text").s(),
        table.item(d2).orElseThrow().get("Version").n()));
    assertEquals(412, edit("d2", "ann", "\"1\"", "stale").getStatusCode());
    assertEquals(404, edit("d9", "ann", "\"1\"", "none").getStatusCode());
    assertEquals(java.util.Set.of(dev.monotable.kit.catalog.DynamoAction.CONDITION_CHECK_ITEM,
        dev.monotable.kit.catalog.DynamoAction.UPDATE_ITEM, dev.monotable.kit.catalog.DynamoAction.GET_ITEM),
        CLUBS.endpoints().get(2).actions());
  }
}

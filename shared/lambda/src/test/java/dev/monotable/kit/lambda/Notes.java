package dev.monotable.kit.lambda;

import dev.monotable.kit.http.DomainServices;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.data.StreamEffect;
import dev.monotable.kit.stream.ChangeRecord;
import dev.monotable.kit.stream.StreamHandler;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A tiny domain for the kit's own tests, written as a second domain would be and naming no Forge
 * class: two routes (an anonymous read, a write that takes a body with one field), one stream
 * consumer, its services with a typed accessor, and its handlers.
 */
final class Notes implements Domain {

  static final Notes DOMAIN = new Notes();

  static final String GET = "GET /notes/{id}";
  static final String CREATE = "POST /notes";

  private Notes() {}

  @Override
  public String name() {
    return "Notes";
  }

  @Override
  public TableSchema schema() {
    return TableSchema.of();
  }

  @Override
  public List<? extends AccessPatternSpec> accessPatterns() {
    return List.of();
  }

  @Override
  public List<Endpoint> endpoints() {
    return List.of(
        new Endpoint("GET", "/notes/{id}", GetNote.class.getName(), Auth.NONE, List.of(),
            Set.of(DynamoAction.GET_ITEM), Set.of()),
        new Endpoint("POST", "/notes", CreateNote.class.getName(), Auth.REQUIRED, List.of(),
            Set.of(DynamoAction.PUT_ITEM), Set.of()));
  }

  @Override
  public List<StreamHandlerDeclaration> streams() {
    return List.of(StreamHandlerDeclaration.builder(CountNotes.class.getName()).stream("N1").itemTypes("Note")
        .eventNames("INSERT").actions(DynamoAction.UPDATE_ITEM).build());
  }

  /** The data access of notes: what a domain's services add to the kit's seam. */
  static final class NoteStore {
    private final TableGateway table;

    NoteStore(TableGateway table) {
      this.table = table;
    }

    Map<String, AttributeValue> get(String id) {
      return table.get(new Key("NOTE#" + id, "NOTE#" + id)).orElseThrow(() -> new NotFoundException("note"));
    }

    void create(String id, String text) {
      table.putIfAbsent(Map.of(TableSchema.PK, AttributeValue.fromS("NOTE#" + id),
          TableSchema.SK, AttributeValue.fromS("NOTE#" + id), "Text", AttributeValue.fromS(text)));
    }
  }

  /** The Notes services: the kit's seam plus the typed store. */
  static final class NotesServices implements DomainServices {
    private final TableGateway table;
    private final NoteStore notes;
    /** Route keys whose body was checked, in order: shows the kit's base went through the seam. */
    final List<String> checked = new ArrayList<>();

    NotesServices(TableGateway table) {
      this.table = table;
      this.notes = table == null ? null : new NoteStore(table);
    }

    NoteStore notes() {
      return notes;
    }

    @Override
    public Domain domain() {
      return DOMAIN;
    }

    @Override
    public TableGateway table() {
      return table;
    }

    @Override
    public JwtVerifier verifier() {
      return null;
    }

    @Override
    public Set<String> bodyRoutes() {
      return Set.of(CREATE);
    }

    @Override
    public void checkBody(String routeKey, Request request) {
      checked.add(routeKey);
      if (!CREATE.equals(routeKey) || !request.hasBody()) {
        return;
      }
      for (String field : request.body().keySet()) {
        if (!field.equals("text")) {
          throw new ValidationException(field, "unknown field; this route takes text");
        }
      }
    }
  }

  /** GET /notes/{id}: anonymous. */
  public static final class GetNote extends ApiHandler<NotesServices> {
    public GetNote(NotesServices services) {
      super(services);
    }

    @Override
    protected Response handle(Request request) {
      return Response.ok(Map.of("text", services.notes().get(request.path("id")).get("Text").s()));
    }
  }

  /** POST /notes: a caller and a body with {@code text}. */
  public static final class CreateNote extends ApiHandler<NotesServices> {
    public CreateNote(NotesServices services) {
      super(services);
    }

    @Override
    protected Response handle(Request request) {
      String id = request.requireCaller() + "-1";
      services.notes().create(id, request.requiredString("text"));
      return Response.created(Map.of("id", id));
    }
  }

  /** N1: counts the INSERT records it sees; the typed services are reachable. */
  public static final class CountNotes extends StreamHandler<NotesServices> {
    int seen;

    public CountNotes(NotesServices services) {
      super(services);
    }

    @Override
    protected StreamEffect apply(ChangeRecord record) {
      if (!"INSERT".equals(record.eventName())) {
        return StreamEffect.IGNORED;
      }
      seen++;
      return StreamEffect.APPLIED;
    }
  }
}

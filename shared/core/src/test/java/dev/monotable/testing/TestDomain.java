package dev.monotable.testing;

import static dev.monotable.kit.schema.TableSchema.Gsi.GSI1;
import static dev.monotable.kit.schema.TableSchema.Gsi.GSI2;
import static dev.monotable.kit.schema.TableSchema.Gsi.GSI3;
import static dev.monotable.kit.schema.TableSchema.Gsi.GSI4;

import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.Calls;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.catalog.KeyCondition;
import dev.monotable.kit.catalog.Operation;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.kit.schema.TableSchema.Index;
import java.util.List;
import java.util.Set;

/**
 * The kit's own test domain, so the kit's tests need no real domain: notes written by authors,
 * each note once in the table ({@code NOTE#{id}}) and in four overloaded indexes (by author, by
 * tag, by last update, by state). Small on purpose; it grows with what the kit's tests need. It is
 * not registered anywhere (no stack, no jar, no dev tools): tests hand it to the kit directly.
 * {@link DynamoDbExtension} builds a test class's table from its schema unless told otherwise
 * ({@link TableOf}).
 */
public final class TestDomain implements Domain {

  /** The test table: four index slots, as many as the kit's tests use. */
  public static final TableSchema SCHEMA = TableSchema.of(
      new Index(GSI1, "notes by author"),
      new Index(GSI2, "notes by tag"),
      new Index(GSI3, "notes by last update"),
      new Index(GSI4, "notes by state"));

  public static final TestDomain DOMAIN = new TestDomain();

  /** A note's partition and sort key. */
  public static final Template NOTE = Template.of("NOTE#{id}");
  /** An author's notes (GSI1 partition). */
  public static final Template AUTHOR = Template.of("AUTHOR#{author}");
  /** A note under its author, newest first by id (GSI1 sort key). */
  public static final Template AUTHOR_NOTE = Template.of("NOTE#{id}");
  /** A tag's notes (GSI2 partition). */
  public static final Template TAG = Template.of("TAG#{tag}");

  /** The test domain's access patterns, declared typed. */
  public static final class TestPattern {
    private TestPattern() {}

    public static final DeclaredPattern TP01 = DeclaredPattern.of("TP01", "get a note", Calls.of(Operation.GET_ITEM),
        KeyCondition.get(NOTE, NOTE), "id");
    public static final DeclaredPattern TP02 = DeclaredPattern.of("TP02", "list an author's notes",
        Calls.of(Operation.QUERY), KeyCondition.query(AUTHOR).on(GSI1), "author");
    public static final DeclaredPattern TP03 = DeclaredPattern.of("TP03", "write a note", Calls.of(Operation.PUT_ITEM),
        KeyCondition.plan("Put NOTE#{id}/NOTE#{id}"), "id");
    public static final DeclaredPattern TP04 = DeclaredPattern.of("TP04", "list a tag's notes with their authors",
        Calls.of(Operation.QUERY).sometimes(Operation.BATCH_GET_ITEM), KeyCondition.query(TAG).on(GSI2), "tag")
        .allowing(2, "the tag's notes, then their authors in one BatchGetItem");
    public static final DeclaredPattern TP05 = DeclaredPattern.of("TP05", "list a note's revisions",
        Calls.of(Operation.QUERY), KeyCondition.query(NOTE), "id");

    /** Every pattern, in catalog order. */
    public static final List<DeclaredPattern> ALL = List.of(TP01, TP02, TP03, TP04, TP05);
  }

  /** Handler classes of the routes: names only, tests that serve a route bring their own handler. */
  public static final String HANDLERS = "dev.monotable.testing.notes.";

  /**
   * The routes, in a holder of their own: the patterns read this class's templates, so a test that
   * touches a pattern first would otherwise build the routes from patterns not yet initialized.
   */
  private static final class Routes {
    static final List<Endpoint> ALL = List.of(
        new Endpoint("GET", "/notes/{id}", HANDLERS + "GetNoteHandler", Auth.NONE, List.of(TestPattern.TP01),
            Set.of(DynamoAction.GET_ITEM), Set.of()),
        new Endpoint("GET", "/authors/{author}/notes", HANDLERS + "ListNotesHandler", Auth.OPTIONAL,
            List.of(TestPattern.TP02), Set.of(DynamoAction.QUERY), Set.of(GSI1)),
        new Endpoint("PUT", "/notes/{id}", HANDLERS + "PutNoteHandler", Auth.REQUIRED, List.of(TestPattern.TP03),
            Set.of(DynamoAction.PUT_ITEM), Set.of()),
        // One route serving patterns on two indexes, one with a second request: the grants and the
        // request allowance of a route come from all of its patterns.
        new Endpoint("GET", "/notes", HANDLERS + "SearchNotesHandler", Auth.NONE,
            List.of(TestPattern.TP02, TestPattern.TP04), Set.of(DynamoAction.QUERY, DynamoAction.BATCH_GET_ITEM),
            Set.of(GSI1, GSI2)),
        new Endpoint("GET", "/notes/{id}/revisions", HANDLERS + "ListRevisionsHandler", Auth.NONE,
            List.of(TestPattern.TP05), Set.of(DynamoAction.QUERY), Set.of()),
        new Endpoint("GET", "/health", HANDLERS + "HealthHandler", Auth.NONE, List.of(), Set.of(), Set.of()));
  }

  private TestDomain() {}

  /** The key of note {@code id}. */
  public static Key note(String id) {
    String k = NOTE.fill(id);
    return new Key(k, k);
  }

  @Override
  public String name() {
    return "Notes";
  }

  @Override
  public TableSchema schema() {
    return SCHEMA;
  }

  @Override
  public List<DeclaredPattern> accessPatterns() {
    return TestPattern.ALL;
  }

  @Override
  public List<Endpoint> endpoints() {
    return Routes.ALL;
  }

  @Override
  public List<StreamHandlerDeclaration> streams() {
    return List.of();
  }
}

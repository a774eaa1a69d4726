package dev.monotable.kit.cdk;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.kit.schema.TableSchema.Index;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awscdk.App;
import software.amazon.awscdk.AppProps;
import software.amazon.awscdk.assertions.Match;
import software.amazon.awscdk.assertions.Template;

/**
 * A stack of a domain that is not Forge, built by the kit's {@link DomainStack} from nothing but
 * its {@link Domain} declaration, its handler package and a jar: its name, table, API and areas
 * follow the domain.
 */
class DomainStackTest {

  /** Two routes in two areas, one index, no stream consumer. */
  static final class Notes implements Domain {
    static final String HANDLERS = "com.example.notes.functions";

    @Override
    public String name() {
      return "Notes";
    }

    @Override
    public TableSchema schema() {
      return TableSchema.of(new Index(Gsi.GSI1, "notes of a user"));
    }

    @Override
    public List<? extends AccessPatternSpec> accessPatterns() {
      return List.of();
    }

    @Override
    public List<Endpoint> endpoints() {
      return List.of(
          new Endpoint("GET", "/notes/{id}", HANDLERS + ".notes.GetNoteHandler", Auth.NONE, List.of(),
              Set.of(DynamoAction.GET_ITEM), Set.of()),
          // A route a method serves, kept in the area (and under the name) its handler class gave it.
          new Endpoint("GET", "/notes", Endpoint.ROUTE_HANDLER, Auth.NONE, List.of(), Set.of(DynamoAction.GET_ITEM),
              Set.of()).named("ListNotesHandler", "notes"),
          new Endpoint("GET", "/health", HANDLERS + ".HealthHandler", Auth.NONE, List.of(), Set.of(), Set.of()));
    }

    @Override
    public List<StreamHandlerDeclaration> streams() {
      return List.of();
    }
  }

  @TempDir
  static Path dir;

  private static DomainStack stack;
  private static Template template;

  @BeforeAll
  static void synth() throws IOException {
    Path jar = Files.write(dir.resolve("notes-lambda.jar"), new byte[] {'P', 'K'});
    App app = new App(AppProps.builder().context(Map.of(StageSettings.CTX_STAGE, "dev-notes")).build());
    stack = new DomainStack(app, "NotesStack", DomainStack.props()
        .domain(new Notes())
        .handlerPackage(Notes.HANDLERS)
        .settings(StageSettings.fromContext(app.getNode()))
        .functionsJar(jar)
        .build());
    template = Template.fromStack(stack);
  }

  @Test
  void stack_shouldBeNamedAfterTheDomain_whenNoNameIsGiven() {
    assertEquals("NotesStack", stack.getNode().getId(), "cdk deploy NotesStack selects it");
    assertEquals("Monotable-Notes-dev-notes", stack.getStackName());
    assertEquals("Monotable Notes API, stage dev-notes", stack.getTemplateOptions().getDescription());
  }

  @Test
  void table_shouldBeTheDomainsSchema() {
    template.hasResourceProperties("AWS::DynamoDB::GlobalTable", Map.of(
        "GlobalSecondaryIndexes", List.of(Match.objectLike(Map.of("IndexName", "GSI1")))));
  }

  @Test
  void api_shouldBeNamedAfterTheDomain() {
    template.hasResourceProperties("AWS::ApiGatewayV2::Api", Map.of(
        "Name", "notes-dev-notes", "Description", "Notes HTTP API (Monotable)"));
    template.hasOutput("TableName", Map.of("Description", "The Notes table"));
  }

  @Test
  void areas_shouldBeTheSubpackagesBelowTheHandlerPackage() {
    assertEquals(Set.of("notes", "platform"), stack.getRouteStacks().keySet());
    assertEquals(Set.of("com.example.notes.functions.notes.GetNoteHandler", "ListNotesHandler"),
        stack.getRouteStacks().get("notes").getFunctions().keySet(), "a named route in the area it declares");
    assertNull(stack.getStreamsStack(), "no stream consumer declared");
  }
}

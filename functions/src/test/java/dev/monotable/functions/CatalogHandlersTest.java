package dev.monotable.functions;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.functions.http.ApiHandler;
import dev.monotable.functions.streams.StreamHandler;
import dev.monotable.shared.catalog.Endpoint;
import dev.monotable.shared.catalog.EndpointCatalog;
import dev.monotable.shared.catalog.StreamCatalog;
import dev.monotable.shared.catalog.StreamHandlerDeclaration;
import java.lang.reflect.Modifier;
import java.util.List;
import org.junit.jupiter.api.Test;

class CatalogHandlersTest {

  @Test
  void everyCatalogHandler_shouldBeAConcreteApiHandler_withRuntimeAndTestConstructors() throws Exception {
    for (Endpoint e : EndpointCatalog.endpoints()) {
      Class<?> c = Class.forName(e.handlerClass());
      assertTrue(ApiHandler.class.isAssignableFrom(c), e.routeKey() + ": " + c + " is not an ApiHandler");
      assertFalse(Modifier.isAbstract(c.getModifiers()), c + " is abstract");
      assertNotNull(c.getConstructor(), c + " needs a no-argument constructor for the Lambda runtime");
      assertNotNull(c.getConstructor(Services.class), c + " needs a constructor taking Services for tests");
    }
  }

  @Test
  void everyStreamDeclaration_shouldNameAConcreteStreamHandler_withRuntimeAndTestConstructors() throws Exception {
    assertEquals(List.of("ST1", "ST2", "ST3", "ST4"),
        StreamCatalog.declarations().stream().map(StreamHandlerDeclaration::stream).toList());
    for (StreamHandlerDeclaration d : StreamCatalog.declarations()) {
      assertEquals(List.of(), d.problems(), d.stream());
      Class<?> c = Class.forName(d.handlerClass());
      assertTrue(StreamHandler.class.isAssignableFrom(c), d.stream() + ": " + c + " is not a StreamHandler");
      assertFalse(Modifier.isAbstract(c.getModifiers()), c + " is abstract");
      assertNotNull(c.getConstructor(), c + " needs a no-argument constructor for the Lambda runtime");
      assertNotNull(c.getConstructor(Services.class), c + " needs a constructor taking Services for tests");
    }
  }

  @Test
  void everyHandlerClassInTheJar_shouldBeInTheCatalog() throws Exception {
    // A handler nobody routes to is dead code, or a route the catalog forgot.
    var root = java.nio.file.Path.of(ApiHandler.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    try (var files = java.nio.file.Files.walk(root)) {
      for (var f : files.filter(p -> p.toString().endsWith("Handler.class")).toList()) {
        String name = root.relativize(f).toString().replace('/', '.').replace(".class", "");
        Class<?> c = Class.forName(name);
        if (StreamHandler.class.isAssignableFrom(c) && !Modifier.isAbstract(c.getModifiers())) {
          assertNotNull(StreamCatalog.byHandlerClass(name), name + " is not in the stream catalog");
        }
        if (ApiHandler.class.isAssignableFrom(c) && !Modifier.isAbstract(c.getModifiers())) {
          assertTrue(EndpointCatalog.endpoints().stream().anyMatch(e -> e.handlerClass().equals(name)),
              name + " is not in the endpoint catalog");
        }
      }
    }
  }
}

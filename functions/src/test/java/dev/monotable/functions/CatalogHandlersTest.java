package dev.monotable.functions;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.functions.http.ApiHandler;
import dev.monotable.shared.catalog.Endpoint;
import dev.monotable.shared.catalog.EndpointCatalog;
import java.lang.reflect.Modifier;
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
  void everyHandlerClassInTheJar_shouldBeInTheCatalog() throws Exception {
    // A handler nobody routes to is dead code, or a route the catalog forgot.
    var root = java.nio.file.Path.of(ApiHandler.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    try (var files = java.nio.file.Files.walk(root)) {
      for (var f : files.filter(p -> p.toString().endsWith("Handler.class")).toList()) {
        String name = root.relativize(f).toString().replace('/', '.').replace(".class", "");
        Class<?> c = Class.forName(name);
        if (ApiHandler.class.isAssignableFrom(c) && !Modifier.isAbstract(c.getModifiers())) {
          assertTrue(EndpointCatalog.endpoints().stream().anyMatch(e -> e.handlerClass().equals(name)),
              name + " is not in the endpoint catalog");
        }
      }
    }
  }
}

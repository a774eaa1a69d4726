package dev.monotable.devices.functions;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.monotable.kit.http.ApiEvent;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.kit.json.Json;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Devices declares its routes' body fields once, on its endpoints; the kit's default body check
 * and the docs read that declaration (no second list in the services).
 */
class DeclaredBodyTest {

  /** A handler of one Devices route that answers 200 once the kit let its body through. */
  static final class Probe extends ApiHandler<DevicesServices> {
    Probe() {
      super(new DevicesServices(null, null));
    }

    @Override
    protected Response handle(Request r) {
      return Response.ok(Map.of());
    }
  }

  @Test
  void bodyRoutes_shouldBeTheRoutesDeclaredWithBodyFields() {
    assertEquals(Set.of("PUT /users/{user}", "PUT /users/{user}/devices/{device}",
        "PATCH /users/{user}/devices/{device}", "POST /users/{user}/devices/{device}/events",
        "POST /users/{user}/devices/{device}/events/batch", "PUT /users/{user}/devices/{device}/tags"),
        new DevicesServices(null, null).bodyRoutes());
  }

  @Test
  void aField_theRouteDoesNotDeclare_shouldBe400_beforeTheHandler() throws Exception {
    var r = new Probe().handleRequest(ApiEvent.request("PUT", "/users/{user}").path("user", "ann").as("ann")
        .body("{\"name\":\"Ann\",\"email\":\"ann@example.com\",\"nick\":\"a\"}").build(), null);
    assertEquals(400, r.getStatusCode());
    @SuppressWarnings("unchecked")
    Map<String, Object> error = (Map<String, Object>) Json.readObject(r.getBody()).get("error");
    assertEquals("unknown field nick; this route takes name, email", error.get("message"));
  }

  @Test
  void theDeclaredFields_shouldReachTheHandler() throws Exception {
    var r = new Probe().handleRequest(ApiEvent.request("PUT", "/users/{user}").path("user", "ann").as("ann")
        .body("{\"name\":\"Ann\",\"email\":\"ann@example.com\"}").build(), null);
    assertEquals(200, r.getStatusCode());
  }
}

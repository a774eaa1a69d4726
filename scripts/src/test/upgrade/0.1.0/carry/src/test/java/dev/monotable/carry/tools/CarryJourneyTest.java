package dev.monotable.carry.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.keys.Key;
import dev.monotable.kit.testing.ServedDomain;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Every route of Carry over HTTP, as API Gateway and Lambda serve it, with the exact item checked. */
class CarryJourneyTest {
  private static ServedDomain<?> served;

  @BeforeAll
  static void serve() {
    served = ServedDomain.start(new CarryDev());
  }

  @AfterAll
  static void stop() {
    served.close();
  }

  private static ServedDomain.Reply send(String method, String path, String body) {
    return served.send(method, path, Map.of(), Map.of(),
        body == null ? null : body.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void putThenGet_shouldWriteTheItem_andReadItBack() {
    ServedDomain.Reply created = send("PUT", "/entries/journey", "{\"text\":\"hi\"}");
    assertEquals(201, created.status(), created.body());
    Map<String, AttributeValue> item = served.table().item(new Key("ENTRY#journey", "ENTRY#journey")).orElseThrow();
    assertEquals("Entry", item.get("Type").s());
    assertEquals("hi", item.get("Text").s());

    ServedDomain.Reply read = send("GET", "/entries/journey", null);
    assertEquals(200, read.status(), read.body());
    assertEquals("hi", read.json().get("text"));
    assertEquals(409, send("PUT", "/entries/journey", "{\"text\":\"again\"}").status());
  }

  @Test
  void badInput_shouldBe400_andWriteNothing() {
    assertEquals(400, send("PUT", "/entries/bad", "{\"text\":\"x\",\"PK\":\"ENTRY#other\"}").status());
    assertEquals(400, send("PUT", "/entries/bad", "{}").status());
    assertTrue(served.table().item(new Key("ENTRY#bad", "ENTRY#bad")).isEmpty());
    assertEquals(400, send("GET", "/entries/NOT%23OK", null).status(), "no user value changes a key's structure");
    assertEquals(404, send("GET", "/entries/missing", null).status());
  }
}

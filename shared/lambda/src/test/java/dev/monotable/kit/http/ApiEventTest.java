package dev.monotable.kit.http;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ApiEventTest {

  @Test
  void build_shouldFillRouteKeyAndRawPath_fromRouteAndPathParameters() {
    var e = ApiEvent.request("GET", "/repos/{owner}/{repo}").path("owner", "alice").path("repo", "r").build();

    assertEquals("2.0", e.getVersion());
    assertEquals("GET /repos/{owner}/{repo}", e.getRouteKey());
    assertEquals("GET /repos/{owner}/{repo}", e.getRequestContext().getRouteKey());
    assertEquals("/repos/alice/r", e.getRawPath());
    assertEquals("/repos/alice/r", e.getRequestContext().getHttp().getPath());
    assertEquals("GET", e.getRequestContext().getHttp().getMethod());
    assertEquals(Map.of("owner", "alice", "repo", "r"), e.getPathParameters());
    assertNull(e.getQueryStringParameters());
    assertEquals("", e.getRawQueryString());
    assertFalse(e.getIsBase64Encoded());
    assertNull(e.getRequestContext().getAuthorizer());
  }

  @Test
  void build_shouldKeepGivenRawPathAndQuery_whenTheClientSentThemEncoded() {
    var e = ApiEvent.request("GET", "/users/{username}").path("username", "a b").rawPath("/users/a%20b")
        .query("limit", "2").rawQuery("limit=2").build();

    assertEquals("/users/a%20b", e.getRawPath());
    assertEquals(Map.of("username", "a b"), e.getPathParameters());
    assertEquals(Map.of("limit", "2"), e.getQueryStringParameters());
    assertEquals("limit=2", e.getRawQueryString());
  }

  @Test
  void build_shouldJoinQueryParameters_whenNoRawQueryIsGiven() {
    var e = ApiEvent.request("GET", "/x").query("state", "all").query("limit", "5").build();
    assertEquals("state=all&limit=5", e.getRawQueryString());
  }

  @Test
  void build_shouldLowerCaseHeaderNames_andPutClaimsUnderTheJwtAuthorizer() {
    var e = ApiEvent.request("PATCH", "/x").header("If-Match", "\"3\"").header("User-Agent", "curl")
        .as("bob").build();

    assertEquals(Map.of("if-match", "\"3\"", "user-agent", "curl"), e.getHeaders());
    assertEquals("curl", e.getRequestContext().getHttp().getUserAgent());
    var jwt = e.getRequestContext().getAuthorizer().getJwt();
    assertEquals(Map.of("username", "bob", "sub", "bob"), jwt.getClaims());
    assertEquals(List.of(), jwt.getScopes());
  }

  @Test
  void build_shouldCarryEveryClaim_whenClaimsAreGiven() {
    var e = ApiEvent.request("GET", "/x").claims(Map.of("username", "carol", "sub", "carol", "exp", "9")).build();
    assertEquals(Map.of("username", "carol", "sub", "carol", "exp", "9"),
        e.getRequestContext().getAuthorizer().getJwt().getClaims());
  }

  @Test
  void rawBody_shouldPassUtf8AsText_andAnythingElseAsBase64_asApiGatewayDoes() {
    var text = ApiEvent.request("POST", "/x").rawBody("{\"a\":\"é\"}".getBytes(StandardCharsets.UTF_8)).build();
    assertEquals("{\"a\":\"é\"}", text.getBody());
    assertFalse(text.getIsBase64Encoded());

    byte[] binary = {(byte) 0xff, (byte) 0xfe, 0x01};
    var bin = ApiEvent.request("POST", "/x").rawBody(binary).build();
    assertEquals(Base64.getEncoder().encodeToString(binary), bin.getBody());
    assertTrue(bin.getIsBase64Encoded());

    var empty = ApiEvent.request("POST", "/x").rawBody(new byte[0]).build();
    assertNull(empty.getBody());
    assertFalse(empty.getIsBase64Encoded());
  }

  @Test
  void base64Body_shouldMarkTheBodyEncoded() {
    var e = ApiEvent.request("POST", "/x").base64Body("e30=").build();
    assertEquals("e30=", e.getBody());
    assertTrue(e.getIsBase64Encoded());
  }

  @Test
  void build_shouldUseGivenRequestIdAndSource_andDefaultsOtherwise() {
    var given = ApiEvent.request("GET", "/x").requestId("req-1").source("10.0.0.1", "HTTP/2.0").build();
    assertEquals("req-1", given.getRequestContext().getRequestId());
    assertEquals("10.0.0.1", given.getRequestContext().getHttp().getSourceIp());
    assertEquals("HTTP/2.0", given.getRequestContext().getHttp().getProtocol());
    assertEquals("$default", given.getRequestContext().getStage());

    var defaults = ApiEvent.request("GET", "/x").build();
    assertNotNull(defaults.getRequestContext().getRequestId());
    assertEquals("127.0.0.1", defaults.getRequestContext().getHttp().getSourceIp());
    assertEquals("HTTP/1.1", defaults.getRequestContext().getHttp().getProtocol());
  }
}

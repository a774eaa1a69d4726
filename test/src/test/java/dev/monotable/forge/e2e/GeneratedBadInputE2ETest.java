package dev.monotable.forge.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.forge.e2e.Forge.Reply;
import dev.monotable.kit.catalog.BodyField;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.json.Json;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Bad input generated from the endpoint catalog and its declared bodies, not listed by hand: for
 * every route, every path parameter, body field, list parameter, If-Match and Authorization
 * header, the values an adversarial client would send. Each must answer the expected 4xx with a
 * JSON error naming the field, and leave the table byte-for-byte as it was (one snapshot before
 * the route's cases, compared after each case).
 *
 * <p>The number of cases run is printed (and quoted in docs/reliability.md).
 */
@ExtendWith(ForgeExtension.class)
class GeneratedBadInputE2ETest {
  private static final String EMOJI = "\uD83D\uDE00";
  private static final String SURROGATE = "\u0000SURROGATE\u0000";

  private final Forge forge;
  private final ForgeFixtures fx;
  private World world;
  private static int casesRun;

  GeneratedBadInputE2ETest(Forge forge) {
    this.forge = forge;
    this.fx = new ForgeFixtures(forge);
  }

  /** What the cases run against: a public repository with issue 1, pull request 2, an org. */
  private record World(String owner, String admin, String member, String org, String repo) {}

  private World world() {
    if (world == null) {
      String owner = fx.user("Own");
      String admin = fx.user("Adm");
      String member = fx.user("Mem");
      String org = fx.org("Org", admin);
      fx.member(org, admin, member, "member");
      fx.repo(owner, owner, "lib", false);
      String base = "/repos/" + owner + "/lib";
      assertEquals(201, forge.post(base + "/issues").as(owner).json("title", "i").send().status());
      assertEquals(201, forge.post(base + "/pulls").as(owner).json("title", "p", "head", "f", "base", "m").send()
          .status());
      world = new World(owner, admin, member, org, "lib");
    }
    return world;
  }

  /** One request and what it must answer. */
  private record Case(String name, String method, String path, Map<String, String> query, Map<String, String> headers,
      byte[] body, int status, String field) {}

  /** What a Forge body field holds, read from its declaration: the kind decides which values are invalid. */
  private enum Kind {
    ACCOUNT, REPO, EMAIL, TEXT, REF, ENUM, BOOLEAN
  }

  private static Kind kind(BodyField f) {
    if (f.type() == BodyField.Type.BOOLEAN) {
      return Kind.BOOLEAN;
    }
    if (!f.values().isEmpty()) {
      return Kind.ENUM;
    }
    if (f.segment() != null) {
      return switch (f.segment()) {
        case "account" -> Kind.ACCOUNT;
        case "repo" -> Kind.REPO;
        case "email" -> Kind.EMAIL;
        default -> throw new IllegalStateException(f.name() + ": key rule " + f.segment());
      };
    }
    return f.text() == BodyField.Text.NO_CONTROL ? Kind.REF : Kind.TEXT;
  }

  @Test
  void everyBodyField_shouldBeOfAKindThisSuiteKnows() {
    for (Endpoint e : dev.monotable.forge.Forge.DOMAIN.endpoints()) {
      e.body().forEach(GeneratedBadInputE2ETest::kind);
    }
  }

  @TestFactory
  Stream<DynamicTest> everyRoute_shouldRefuseBadInputWith4xxNamingTheField_andWriteNothing() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Endpoint e : dev.monotable.forge.Forge.DOMAIN.endpoints()) {
      tests.add(DynamicTest.dynamicTest(e.routeKey(), () -> run(e)));
    }
    tests.add(DynamicTest.dynamicTest("cases run", () -> System.out.println("generated bad-input cases: " + casesRun)));
    return tests.stream();
  }

  private void run(Endpoint e) {
    World w = world();
    List<Case> cases = new ArrayList<>();
    Consumer<Case> add = cases::add;
    pathCases(e, w, add);
    queryCases(e, w, add);
    headerCases(e, w, add);
    bodyCases(e, w, add);
    var before = fx.snapshot();
    List<String> failures = new ArrayList<>();
    for (Case c : cases) {
      Reply r = send(c);
      casesRun++;
      String problem = check(c, r);
      if (problem != null) {
        failures.add(c.name() + ": " + problem + " <- " + r.status() + " " + abbreviate(r.body()));
      }
    }
    // One snapshot per route keeps the suite fast; when the table changed, the cases run again
    // one at a time to name the one that wrote.
    var after = fx.snapshot();
    if (!before.equals(after)) {
      var current = after;
      for (Case c : cases) {
        Reply r = send(c);
        var next = fx.snapshot();
        if (!current.equals(next)) {
          failures.add(c.name() + ": the table changed <- " + r.status() + " " + abbreviate(r.body()));
          current = next;
        }
      }
      failures.add("the table changed (" + (after.size() - before.size()) + " items more)");
    }
    assertTrue(failures.isEmpty(), e.routeKey() + ": " + failures.size() + " of " + cases.size() + " cases failed:\n"
        + String.join("\n", failures));
  }

  private static String check(Case c, Reply r) {
    if (r.status() != c.status()) {
      return "expected " + c.status();
    }
    Map<String, Object> error;
    try {
      error = r.error();
    } catch (AssertionError notJson) {
      return "not a JSON error";
    }
    if (error == null || !(error.get("code") instanceof String) || !(error.get("message") instanceof String)) {
      return "no {error: {code, message}}";
    }
    if (!java.util.Objects.equals(c.field(), error.get("field"))) {
      return "expected field " + c.field();
    }
    if (c.status() == 401 && !"Bearer".equals(r.header("www-authenticate"))) {
      return "401 without WWW-Authenticate: Bearer";
    }
    return null;
  }

  private Reply send(Case c) {
    Forge.Call call = forge.call(c.method(), c.path());
    c.query().forEach(call::query);
    c.headers().forEach(call::header);
    if (c.body() != null) {
      call.rawBytes(c.body());
    }
    return call.send();
  }

  // ---- the valid request each case starts from -------------------------------------------------

  private String caller(Endpoint e, World w) {
    return e.path().startsWith("/orgs/") ? w.admin() : w.owner();
  }

  private Map<String, String> validPath(Endpoint e, World w) {
    Map<String, String> p = new LinkedHashMap<>();
    boolean org = e.path().startsWith("/orgs/");
    p.put("username", org ? w.member() : w.owner());
    p.put("owner", w.owner());
    p.put("org", w.org());
    p.put("repo", w.repo());
    p.put("number", e.path().contains("/pulls") ? "2" : "1");
    p.put("type", "heart");
    return p;
  }

  private static String fill(String template, Map<String, String> values) {
    String s = template;
    for (Map.Entry<String, String> v : values.entrySet()) {
      s = s.replace("{" + v.getKey() + "}", v.getValue());
    }
    return s;
  }

  private Map<String, String> auth(Endpoint e, World w) {
    Map<String, String> h = new LinkedHashMap<>();
    if (e.auth() != dev.monotable.kit.catalog.Auth.NONE) {
      h.put("authorization", "Bearer " + forge.token(caller(e, w)));
    }
    return h;
  }

  private Map<String, Object> validBody(Endpoint e, World w) {
    Map<String, Object> body = new LinkedHashMap<>();
    if (e.routeKey().equals("POST /orgs")) {
      body.put("org", "FreshOrg"); // optional, but without org or name the handler asks for org first
    }
    for (BodyField f : e.body()) {
      if (!f.mandatory()) {
        continue;
      }
      body.put(f.name(), switch (kind(f)) {
        case ACCOUNT -> e.routeKey().equals("POST /users") ? "Newbie" : caller(e, w);
        case REPO -> "fresh-repo";
        case EMAIL -> "fresh@example.io";
        case TEXT -> "text";
        case REF -> "main";
        case ENUM -> f.values().get(0);
        case BOOLEAN -> false;
      });
    }
    return body;
  }

  private Case request(Endpoint e, World w, String name, String path, Map<String, String> query,
      Map<String, String> headers, byte[] body, int status, String field) {
    return new Case(name, e.method(), path, query, headers, body, status, field);
  }

  // ---- path parameters -------------------------------------------------------------------------

  private static final List<String> BAD_ACCOUNTS = List.of("a%23b", "%23", "ACCOUNT%23x", "%EF%BD%81lice",
      "%D0%B0lice", "alice%00", "alice%E2%80%8B", "-alice", "alice-", "a_b", "a.b", "x".repeat(40), "%ED%A0%80",
      "al%20ice", "alice%0A");
  private static final List<String> BAD_REPOS = List.of("a%23b", "%23", ".", "..", "%2E%2E", "a%2Fb", "x".repeat(101),
      "a%01b", "%EF%BC%8Elib", "lib%E2%80%8B", "li%20b", "%ED%A0%80");
  private static final List<String> BAD_NUMBERS = List.of("0", "-1", "100000000", "%D9%A3", "1e3", "0x1", "1.0",
      "%EF%BC%91", "+1", "1%00", "999999999999999999999", "%23");
  private static final List<String> BAD_TYPES = List.of("like", "HEART", "%2B2", "heart%00", "%23", "heart%E2%80%8B",
      "-", "%2B1%2B1");

  private void pathCases(Endpoint e, World w, Consumer<Case> add) {
    Map<String, String> valid = validPath(e, w);
    for (String param : valid.keySet()) {
      if (!e.path().contains("{" + param + "}")) {
        continue;
      }
      List<String> bad = switch (param) {
        case "repo" -> BAD_REPOS;
        case "number" -> BAD_NUMBERS;
        case "type" -> BAD_TYPES;
        default -> BAD_ACCOUNTS;
      };
      // The parameter naming the route's owner (ownedBy): the caller is not the user a bad value names, so the
      // route is refused before its keys are (403, no field), as the kit serves every owner's route.
      boolean owner = e.access().kind() == dev.monotable.kit.catalog.Access.Kind.OWNER
          && e.access().name().equals(param);
      for (String value : bad) {
        Map<String, String> p = new LinkedHashMap<>(valid);
        p.put(param, value);
        add.accept(request(e, w, "path " + param + "=" + value, fill(e.path(), p), Map.of(), auth(e, w),
            bodyBytes(validBody(e, w), e), owner ? 403 : 400, owner ? null : param));
      }
    }
  }

  private byte[] bodyBytes(Map<String, Object> body, Endpoint e) {
    return e.body().isEmpty() ? null : Json.write(body).getBytes(StandardCharsets.UTF_8);
  }

  // ---- list parameters -------------------------------------------------------------------------

  private void queryCases(Endpoint e, World w, Consumer<Case> add) {
    if (!e.method().equals("GET") || !e.actions().contains(DynamoAction.QUERY)) {
      return;
    }
    String path = fill(e.path(), validPath(e, w));
    for (String limit : List.of("0", "101", "-1", "abc", "1.5", "", "\uFF11", " 1", "1e2", "99999999999")) {
      add.accept(request(e, w, "limit=" + limit, path, Map.of("limit", limit), auth(e, w), null, 400, "limit"));
    }
    String foreign = foreignCursor(w);
    for (String cursor : List.of("x", "%%%%", "A".repeat(5000), "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "eyJQSyI6IkFDQ09VTlQjYWxpY2UifQ.c2lnbmF0dXJl", "", foreign)) {
      if (cursor.isEmpty()) {
        continue; // an empty cursor is the first page
      }
      if (path.equals("/orgs/" + w.org() + "/members") && cursor.equals(foreign)) {
        continue; // the foreign cursor was issued by this very list
      }
      add.accept(request(e, w, "cursor=" + abbreviate(cursor), path, Map.of("cursor", cursor), auth(e, w), null, 400,
          "cursor"));
    }
    if (e.path().endsWith("/issues") || e.path().endsWith("/pulls")) {
      for (String state : List.of("OPEN", "x", "", "open ", e.path().endsWith("/issues") ? "merged" : "draft")) {
        add.accept(request(e, w, "state=" + state, path, Map.of("state", state), auth(e, w), null, 400, "state"));
      }
    }
  }

  private String foreignCursor;

  /** A genuine cursor of another list (the org's members, one per page). */
  private String foreignCursor(World w) {
    if (foreignCursor == null) {
      foreignCursor = fx.page("/orgs/" + w.org() + "/members", null, 1, null).nextCursor();
    }
    return foreignCursor;
  }

  // ---- headers ---------------------------------------------------------------------------------

  private void headerCases(Endpoint e, World w, Consumer<Case> add) {
    String path = fill(e.path(), validPath(e, w));
    byte[] body = bodyBytes(validBody(e, w), e);
    if (e.auth() != dev.monotable.kit.catalog.Auth.NONE) {
      for (Map.Entry<String, String> t : ForgedTokens.forUser(forge, caller(e, w)).entrySet()) {
        add.accept(request(e, w, "token: " + t.getKey(), path, Map.of(), Map.of("authorization", t.getValue()), body,
            401, null));
      }
    }
    if (e.method().equals("PATCH")) {
      for (String ifMatch : List.of("abc", "\"-1\"", "\"1.5\"", "W/", "\"\"", "\"99999999999999999999\"", "1,2",
          "\"1\" \"2\"", "\"0x1\"")) {
        Map<String, String> h = new LinkedHashMap<>(auth(e, w));
        h.put("if-match", ifMatch);
        add.accept(request(e, w, "If-Match: " + ifMatch, path, Map.of(), h, body, 400, "If-Match"));
      }
    }
  }

  // ---- bodies ----------------------------------------------------------------------------------

  private void bodyCases(Endpoint e, World w, Consumer<Case> add) {
    List<BodyField> fields = e.body();
    if (fields.isEmpty()) {
      return;
    }
    String path = fill(e.path(), validPath(e, w));
    Map<String, String> h = auth(e, w);
    if (e.routeKey().equals("POST /users")) {
      h = Map.of("authorization", "Bearer " + forge.token("Newbie"));
    }
    Map<String, Object> valid = validBody(e, w);
    String validJson = Json.write(valid);
    Map<String, String> headers = h;
    java.util.function.BiConsumer<String, Object[]> withField = (label, change) -> {
      Map<String, Object> b = new LinkedHashMap<>(valid);
      if (change[1] == REMOVE) {
        b.remove((String) change[0]);
      } else {
        b.put((String) change[0], change[1]);
      }
      add.accept(request(e, w, label, path, Map.of(), headers, json(b), change.length > 2 ? (int) change[2] : 400,
          change.length > 3 ? (String) change[3] : (String) change[0]));
    };

    for (BodyField f : fields) {
      String n = f.name();
      List<Object> wrongTypes = kind(f) == Kind.BOOLEAN
          ? List.of("true", 1, List.of(), Map.of("a", "b"), 0)
          : List.of(42, true, List.of(), Map.of("a", "b"), 1.5, List.of("text"));
      for (Object v : wrongTypes) {
        withField.accept(n + " of type " + v.getClass().getSimpleName() + " " + v, new Object[] {n, v});
      }
      if (f.mandatory()) {
        withField.accept(n + " missing", new Object[] {n, REMOVE});
      }
      for (String v : badStrings(f)) {
        withField.accept(n + "=" + abbreviate(v), new Object[] {n, v});
      }
    }
    // unknown fields and look-alike names
    for (String extra : List.of("zzz", fields.get(0).name() + "\u200b", fields.get(0).name().toUpperCase(),
        " " + fields.get(0).name(), "PK", "Type")) {
      withField.accept("unknown field " + extra, new Object[] {extra, "x"});
    }
    // whole bodies
    add.accept(request(e, w, "trailing data", path, Map.of(), headers, (validJson + " x").getBytes(
        StandardCharsets.UTF_8), 400, null));
    add.accept(request(e, w, "two objects", path, Map.of(), headers, (validJson + validJson).getBytes(
        StandardCharsets.UTF_8), 400, null));
    add.accept(request(e, w, "an array", path, Map.of(), headers, ("[" + validJson + "]").getBytes(
        StandardCharsets.UTF_8), 400, null));
    add.accept(request(e, w, "invalid UTF-8", path, Map.of(), headers, concat(validJson.substring(0,
        validJson.length() - 1) + ",\"" + fields.get(0).name() + "\":\"", new byte[] {(byte) 0xC3, (byte) 0x28},
        "\"}"), 400, null));
    add.accept(request(e, w, "deep nesting", path, Map.of(), headers, (validJson.substring(0, validJson.length() - 1)
        + (valid.isEmpty() ? "" : ",") + "\"deep\":" + "[".repeat(5000) + "]".repeat(5000) + "}").getBytes(
        StandardCharsets.UTF_8), 400, null));
    add.accept(request(e, w, "duplicate key", path, Map.of(), headers, (validJson.substring(0, validJson.length() - 1)
        + (valid.isEmpty() ? "\"" + fields.get(0).name() + "\":1," : ",") + "\"" + fields.get(0).name() + "\":1}")
        .getBytes(StandardCharsets.UTF_8), 400, null));
    Map<String, Object> huge = new LinkedHashMap<>(valid);
    huge.put(fields.get(0).name(), "a".repeat(1024 * 1024));
    add.accept(request(e, w, "over 1 MiB", path, Map.of(), headers, json(huge), 413, null));
  }

  private static final Object REMOVE = new Object();

  /** Strings a field of this kind must refuse. */
  private static List<String> badStrings(BodyField f) {
    List<String> v = new ArrayList<>();
    v.add(SURROGATE);
    int maxChars = (int) f.max();
    switch (kind(f)) {
      case ACCOUNT -> v.addAll(List.of("a#b", "#", "ACCOUNT#x", "\uFF41lice", "\u0430lice", "alice\u200b", "-alice",
          "alice-", "ali ce", "", "a_b", "a.b", "a\u0001b", "alice\n", "x".repeat(40), EMOJI));
      case REPO -> v.addAll(List.of("a#b", ".", "..", "a/b", "\uFF4Cib", "lib\u200b", "", "a b", "a\u0001b",
          "x".repeat(101), EMOJI));
      case EMAIL -> v.addAll(List.of("a#b@x.io", "a@b@c.io", "@x.io", "a@", "a b@x.io", "", "a@x.io\u0000",
          "a\u0001@x.io", "a".repeat(250) + "@x.io", "noatsign"));
      case TEXT -> {
        v.add(EMOJI.repeat(maxChars + 1));
        v.add("e\u0301".repeat(maxChars / 2 + 1));
        v.add("a".repeat(maxChars + 1));
        if (f.mandatory()) {
          v.addAll(List.of("", "   ", "\n\t"));
        }
      }
      case REF -> v.addAll(List.of("", "a\u0001b", "main\n", "\u007f", EMOJI.repeat(256), "a".repeat(256)));
      case ENUM -> v.addAll(List.of("", "owner", " " + f.values().get(0), f.values().get(0) + "\u200b",
          f.values().get(0) + "\u0000", "x".repeat(1000)));
      case BOOLEAN -> v.clear();
    }
    return v;
  }

  private static byte[] json(Map<String, Object> body) {
    // A lone surrogate cannot be written by a JSON library: it goes in as the escape a client would send.
    String text = Json.write(body).replace("\\u0000SURROGATE\\u0000", "\\ud800");
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] concat(String a, byte[] middle, String b) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(a.getBytes(StandardCharsets.UTF_8));
    out.writeBytes(middle);
    out.writeBytes(b.getBytes(StandardCharsets.UTF_8));
    return out.toByteArray();
  }

  private static String abbreviate(String s) {
    if (s == null) {
      return "null";
    }
    String t = s.replace("\n", "\\n");
    return t.length() <= 60 ? t : t.substring(0, 60) + "...(" + s.length() + ")";
  }
}

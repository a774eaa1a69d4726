package dev.monotable.kit.suites;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.bench.BenchRequest;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.BodyField;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.docs.ApiShape;
import dev.monotable.kit.docs.DocsDomain;
import dev.monotable.kit.json.Json;
import dev.monotable.kit.testing.ServedDomain;
import dev.monotable.kit.testing.ServedDomain.Reply;
import dev.monotable.kit.tools.DevDomain;
import dev.monotable.kit.tools.DevDomains;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Bad input for every route of every registered domain ({@link DevDomains}), generated from the
 * domain's declarations, not listed per domain: each path parameter against its schema (key
 * delimiters {@code #}, {@code /}, {@code %2F}, NUL, broken UTF-8, look-alikes, over-long), each
 * query parameter against its schema (dates with hour 24, second 60, offsets, impossible days;
 * integers out of range or not integers; enumerations; patterns; cursors tampered, foreign or empty),
 * each declared body field against its {@link BodyField} (wrong JSON types, missing, over its
 * length, blank, control characters, key delimiters, integers out of range, numbers outside
 * DynamoDB's range and precision, bad timestamps, over-long arrays, unknown and look-alike field
 * names), whole bodies (trailing data, arrays, invalid UTF-8, deep nesting, repeated keys, over
 * 1 MiB), forged tokens and bad {@code If-Match}.
 *
 * <p>Every case must answer a 4xx with a JSON error ({@code {"error": {"code", "message"}}}, an
 * unknown or mistyped body field named in {@code field}), never a 5xx, and leave the table's items
 * exactly as they were (one Scan before a route's cases and one after; when they differ, the cases
 * run again one at a time to name the one that wrote). The route's valid sample (its bench case)
 * then answers 2xx, so each refusal was its mutation's. What a domain supplies: its bench cases
 * (one valid request per route) and its docs facet's path and query parameter schemas.
 *
 * <p>Known departures ({@link KnownDepartures}) are counted, not failed; one that stops departing
 * fails the suite until it is deleted. The cases run per domain are printed and quoted in
 * docs/reliability.md.
 */
class DomainBadInputE2ETest {

  private static final String SURROGATE = "\u0000LONE-SURROGATE\u0000";
  private static final String EMOJI = "\uD83D\uDE00";
  private static final Object REMOVE = new Object();

  /** One request and what it changes. */
  private record Case(String name, String input, boolean namesField, String method, String path,
      Map<String, String> query, Map<String, String> headers, byte[] body) {}

  @TestFactory
  Stream<DynamicNode> everyDomain_everyRoute_shouldRefuseBadInputWith4xx_andWriteNothing() {
    List<DynamicNode> nodes = new ArrayList<>();
    for (DevDomain d : DevDomains.all()) {
      nodes.add(DynamicContainer.dynamicContainer(d.id(), domainTests(d)));
    }
    return nodes.stream();
  }

  private Stream<DynamicNode> domainTests(DevDomain d) {
    Run run = new Run(d);
    List<DynamicNode> tests = new ArrayList<>();
    tests.add(DynamicTest.dynamicTest("serve " + d.id(), run::start));
    for (Endpoint e : d.domain().endpoints()) {
      tests.add(DynamicTest.dynamicTest(e.routeKey(), () -> run.route(e)));
    }
    tests.add(DynamicTest.dynamicTest("figures", run::finish));
    return tests.stream();
  }

  /** One domain's run: its served instance and its tallies. */
  private static final class Run {
    private final DevDomain d;
    private final DocsDomain docs;
    private ServedDomain<?> served;
    private Map<Endpoint, ServedDomain<?>.Sample> samples;
    private int cases;
    private int departed;
    private final List<String> foreignCursors = new ArrayList<>();
    private final java.util.Set<KnownDepartures> allDeparted = new java.util.HashSet<>();

    Run(DevDomain d) {
      this.d = d;
      this.docs = d.docs();
    }

    void start() {
      served = ServedDomain.start(d);
      samples = new LinkedHashMap<>(served.samples());
    }

    void finish() {
      String line = "generated bad-input cases for " + d.id() + ": " + cases + " (" + departed + " known departures)";
      System.out.println(line);
      if (served != null) {
        served.close();
      }
      List<String> fixed = KnownDepartures.ALL.stream().filter(k -> k.domain().equals(d.id()) && k.route().equals("*")
          && k.suite().equals("input") && !allDeparted.contains(k)).map(KnownDepartures::why).toList();
      assertTrue(fixed.isEmpty(), "known departures no longer depart (fixed: delete them from KnownDepartures): "
          + fixed);
    }

    void route(Endpoint e) {
      assertTrue(served != null, d.id() + " did not start");
      ServedDomain<?>.Sample sample = samples.get(e);
      assertTrue(sample != null, d.id() + " " + e.routeKey() + ": no bench case gives this route a valid request "
          + "(BenchDomain.cases(domain))");
      BenchRequest base = sample.next();
      ApiShape shape = docs.shapeOf(e);
      List<Case> list = new ArrayList<>();
      pathCases(e, base, list);
      queryCases(e, base, shape, list);
      headerCases(e, base, shape, list);
      bodyCases(e, base, list);

      var before = served.snapshot();
      List<String> failures = new ArrayList<>();
      List<String> departures = new ArrayList<>();
      for (Case c : list) {
        Reply r = send(c);
        cases++;
        String problem = check(c, r);
        if (problem != null) {
          KnownDepartures known = KnownDepartures.find(d.id(), e.routeKey(), c.name());
          if (known != null) {
            departures.add(c.name());
            allDeparted.add(known);
            departed++;
          } else {
            failures.add(c.name() + ": " + problem + " <- " + r);
          }
        }
      }
      var after = served.snapshot();
      if (!before.equals(after)) {
        var current = after;
        for (Case c : list) {
          Reply r = send(c);
          var next = served.snapshot();
          if (!current.equals(next)) {
            if (KnownDepartures.find(d.id(), e.routeKey(), c.name()) == null) {
              failures.add(c.name() + ": the table changed <- " + r);
            }
            current = next;
          }
        }
      }
      for (KnownDepartures fixed : KnownDepartures.unmatched(d.id(), e.routeKey(), departures)) {
        if (!fixed.suite().equals("input")) {
          continue; // another suite's
        }
        failures.add("known departure no longer departs (fixed: delete it from KnownDepartures): " + fixed.why());
      }
      // The valid sample itself: each refusal above was its mutation's.
      BenchRequest valid = sample.next();
      Reply ok = served.send(e.method(), e.path(), valid);
      sample.observe(ok);
      if (ok.status() / 100 != 2) {
        failures.add("the valid sample answers " + ok + " (bench case of " + e.routeKey() + ")");
      }
      assertTrue(failures.isEmpty(), d.id() + " " + e.routeKey() + ": " + failures.size() + " of " + list.size()
          + " cases failed:\n" + String.join("\n", failures));
    }

    private Reply send(Case c) {
      return served.send(c.method(), c.path(), c.query(), c.headers(), c.body());
    }

    private static String check(Case c, Reply r) {
      if (r.status() >= 500) {
        return "a 5xx";
      }
      if (r.status() < 400) {
        return "accepted";
      }
      Map<String, Object> error = r.error();
      if (error == null || !(error.get("code") instanceof String) || !(error.get("message") instanceof String)) {
        return "no JSON error {error: {code, message}}";
      }
      if (c.namesField() && r.status() == 400 && !Objects.equals(c.input(), error.get("field"))) {
        return "the error does not name field " + c.input();
      }
      if (r.status() == 401 && !"Bearer".equals(r.header("www-authenticate"))) {
        return "401 without WWW-Authenticate: Bearer";
      }
      return null;
    }

    // ---- the sample's parts ----------------------------------------------------------------------

    private Map<String, String> headers(BenchRequest base) {
      Map<String, String> h = new LinkedHashMap<>(base.headers());
      if (base.caller() != null) {
        h.put("authorization", "Bearer " + served.token(base.caller(), base.groups()));
      }
      return h;
    }

    private static byte[] bytes(BenchRequest base) {
      return base.body() == null ? null : base.body().getBytes(StandardCharsets.UTF_8);
    }

    private Case request(Endpoint e, BenchRequest base, String name, String input, boolean namesField,
        Map<String, String> path, Map<String, String> query, Map<String, String> headers, byte[] body) {
      return new Case(name, input, namesField, e.method(), ServedDomain.path(e.path(), path), query, headers, body);
    }

    // ---- path parameters -------------------------------------------------------------------------

    private void pathCases(Endpoint e, BenchRequest base, List<Case> out) {
      for (String p : e.pathParameters()) {
        String v = base.path().get(p);
        Map<String, Object> schema = docs.pathParameter(p);
        List<String> candidates = List.of(v + "%23x", "%23", "a%23" + v, v + "%2Fx", "%2F", v + "%00", "%00",
            "%ED%A0%80", v + "%ED%A0%80", "%C0%AF", v + "%E2%80%8B", "%EF%BD%81" + v, "%D0%B0", v + "%0A", "%20",
            "x".repeat(1025), "..", "%2E%2E", "-1", "0", "1.5", "%D9%A3", "99999999999999999999", v.toUpperCase(Locale.ROOT)
                + "%23", v.toUpperCase(Locale.ROOT)); // upper case alone: refused only where the document says so
        for (String raw : candidates) {
          if (!invalid(schema, decode(raw))) {
            continue;
          }
          Map<String, String> path = new LinkedHashMap<>(base.path());
          path.put(p, raw);
          out.add(request(e, base, "path " + p + "=" + abbreviate(raw), p, false, path, base.query(), headers(base),
              bytes(base)));
        }
      }
    }

    /** The text a server decodes from a raw path segment; broken UTF-8 becomes U+FFFD. */
    private static String decode(String raw) {
      try {
        return URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8);
      } catch (IllegalArgumentException e) {
        return "\uFFFD";
      }
    }

    /** True when the docs' schema of a parameter refuses {@code value}; a schema without a rule refuses only broken text. */
    private static boolean invalid(Map<String, Object> schema, String value) {
      if (value.contains("\uFFFD") || value.indexOf('\u0000') >= 0) {
        return true;
      }
      Object type = schema.get("type");
      if (schema.get("enum") instanceof List<?> values) {
        return !values.contains(value);
      }
      if ("integer".equals(type)) {
        long min = schema.get("minimum") instanceof Number n ? n.longValue() : Long.MIN_VALUE;
        long max = schema.get("maximum") instanceof Number n ? n.longValue() : Long.MAX_VALUE;
        if (!value.matches("[0-9]{1,18}|-[0-9]{1,18}")) {
          return true;
        }
        long n = Long.parseLong(value);
        return n < min || n > max;
      }
      if (schema.get("pattern") instanceof String regex) {
        return !Pattern.compile(regex).matcher(value).find() || value.contains("#") && !regex.contains("#");
      }
      return false;
    }

    // ---- query parameters ------------------------------------------------------------------------

    private void queryCases(Endpoint e, BenchRequest base, ApiShape shape, List<Case> out) {
      for (String name : shape.requiredQuery()) {
        // The document marks it required: a request without it is refused, naming it.
        Map<String, String> query = new LinkedHashMap<>(base.query());
        query.remove(name);
        out.add(request(e, base, "query " + name + " missing", name, true, base.path(), query, headers(base),
            bytes(base)));
      }
      for (Map.Entry<String, Map<String, Object>> q : shape.query().entrySet()) {
        String name = q.getKey();
        Map<String, Object> schema = q.getValue();
        String v = base.query().get(name);
        List<String> bad = new ArrayList<>();
        if (name.equals("cursor")) {
          for (Map.Entry<String, String> c : cursors(e, base).entrySet()) {
            Map<String, String> query = new LinkedHashMap<>(base.query());
            query.put(name, c.getValue());
            out.add(request(e, base, "query cursor=" + c.getKey(), name, false, base.path(), query, headers(base),
                bytes(base)));
          }
        } else if ("date-time".equals(schema.get("format"))) {
          String t = v != null ? v : "2026-01-01T00:00:00.000Z";
          String date = t.substring(0, 10);
          bad.addAll(List.of(date + "T24:00:00.000Z", date + "T23:59:60.000Z", t.substring(0, t.length() - 1) + "+01:00",
              t.substring(0, t.length() - 1) + "-00:00", t.substring(0, t.length() - 1), date, "", "yesterday",
              "2026-02-30T00:00:00.000Z", "2026-13-01T00:00:00.000Z", t.toLowerCase(Locale.ROOT), " " + t,
              t.replace("T", " "), "+" + t, "99999-01-01T00:00:00.000Z"));
        } else {
          for (String c : List.of("", "0", "-1", "abc", "1.5", "1e2", " 1", "\uFF11", "99999999999999999999", "a#b",
              "#", "a/b", "a\u0000", "\uFF41", "a\u200b", "x".repeat(1000), v == null ? "x" : v.toUpperCase(Locale.ROOT)
                  + "#", v == null ? "x" : v + " ")) {
            if (invalid(schema, c)) {
              bad.add(c);
            }
          }
          if (schema.get("maximum") instanceof Number max) {
            bad.add(Long.toString(max.longValue() + 1));
          }
        }
        for (String value : bad) {
          Map<String, String> query = new LinkedHashMap<>(base.query());
          query.put(name, value);
          out.add(request(e, base, "query " + name + "=" + abbreviate(value), name, false, base.path(), query,
              headers(base), bytes(base)));
        }
      }
    }

    /** Cursors no list issued in this form (label to value): tampered from a genuine one, another list's, empty, junk. */
    private Map<String, String> cursors(Endpoint e, BenchRequest base) {
      Map<String, String> bad = new LinkedHashMap<>();
      for (String junk : List.of("", "x", "%%%%", "A".repeat(5000), "null", "eyJQSyI6IlgifQ")) {
        bad.put(abbreviate(junk), junk);
      }
      Map<String, String> first = new LinkedHashMap<>(base.query());
      first.put("limit", "1");
      Reply page = served.send(e.method(), ServedDomain.path(e.path(), base.path()), first, headers(base), null);
      Map<String, Object> json = page.json();
      String genuine = json == null ? null : (String) json.get("nextCursor");
      if (genuine != null) {
        char last = genuine.charAt(genuine.length() - 1);
        int mid = genuine.length() / 2;
        bad.put("issued+'=='", genuine + "==");
        bad.put("issued+'='", genuine + "=");
        bad.put("issued+'A'", genuine + "A");
        bad.put("issued less its last", genuine.substring(0, genuine.length() - 1));
        bad.put("issued, last changed", genuine.substring(0, genuine.length() - 1) + (last == 'A' ? 'B' : 'A'));
        bad.put("issued less its first", genuine.substring(1));
        bad.put("' '+issued", " " + genuine);
        bad.put("issued, middle changed",
            genuine.substring(0, mid) + (genuine.charAt(mid) == 'x' ? 'y' : 'x') + genuine.substring(mid + 1));
      }
      // Another list's genuine cursor (the previous paged route's), then remember this one.
      foreignCursors.stream().filter(c -> !c.equals(genuine)).findFirst().ifPresent(c -> bad.put("another list's", c));
      if (genuine != null) {
        foreignCursors.add(0, genuine);
      }
      return bad;
    }

    // ---- headers ---------------------------------------------------------------------------------

    private void headerCases(Endpoint e, BenchRequest base, ApiShape shape, List<Case> out) {
      if (e.auth() != Auth.NONE) {
        String who = base.caller() != null ? base.caller() : "someone";
        for (Map.Entry<String, String> t : served.forgedTokens(who).entrySet()) {
          Map<String, String> h = new LinkedHashMap<>(base.headers());
          h.put("authorization", t.getValue());
          out.add(request(e, base, "token: " + t.getKey(), null, false, base.path(), base.query(), h, bytes(base)));
        }
      }
      if (shape.ifMatch()) {
        for (String ifMatch : List.of("abc", "\"-1\"", "\"1.5\"", "W/", "\"\"", "\"99999999999999999999\"", "1,2",
            "\"0x1\"")) {
          Map<String, String> h = headers(base);
          h.put("if-match", ifMatch);
          out.add(request(e, base, "If-Match: " + ifMatch, "If-Match", false, base.path(), base.query(), h,
              bytes(base)));
        }
      }
    }

    // ---- bodies ----------------------------------------------------------------------------------

    private void bodyCases(Endpoint e, BenchRequest base, List<Case> out) {
      if (e.body().isEmpty() || base.body() == null) {
        return;
      }
      Map<String, Object> valid;
      try {
        valid = Json.readObject(base.body());
      } catch (IOException ex) {
        throw new IllegalStateException(e.routeKey() + ": the bench body is no JSON object", ex);
      }
      Map<String, String> headers = headers(base);
      for (BodyField f : e.body()) {
        for (Mutation m : mutations(f)) {
          Map<String, Object> body = new LinkedHashMap<>(valid);
          if (m.value == REMOVE) {
            body.remove(f.name());
          } else if (m.value == REPEAT_FIRST) {
            List<Object> many = new ArrayList<>();
            Object item = valid.get(f.name()) instanceof List<?> l && !l.isEmpty() ? l.get(0) : "x";
            for (int i = 0; i <= f.max(); i++) {
              many.add(item);
            }
            body.put(f.name(), many);
          } else {
            body.put(f.name(), m.value);
          }
          out.add(request(e, base, f.name() + " " + m.label, f.name(), false, base.path(), base.query(), headers,
              json(body)));
        }
        // Inside an array of objects: each member of its first element.
        if (f.type() == BodyField.Type.ARRAY && f.items().type() == BodyField.Type.OBJECT
            && valid.get(f.name()) instanceof List<?> items && !items.isEmpty() && items.get(0) instanceof Map<?, ?> el) {
          for (BodyField member : f.items().fields()) {
            for (Mutation m : mutations(member)) {
              @SuppressWarnings("unchecked")
              Map<String, Object> first = new LinkedHashMap<>((Map<String, Object>) el);
              if (m.value == REMOVE) {
                first.remove(member.name());
              } else {
                first.put(member.name(), m.value);
              }
              List<Object> copy = new ArrayList<>(items);
              copy.set(0, first);
              Map<String, Object> body = new LinkedHashMap<>(valid);
              body.put(f.name(), copy);
              out.add(request(e, base, f.name() + "[0]." + member.name() + " " + m.label, member.name(), false,
                  base.path(), base.query(), headers, json(body)));
            }
          }
        }
      }
      String first = e.body().get(0).name();
      for (String extra : List.of("zzz", first + "\u200b", first.toUpperCase(Locale.ROOT) + "X", " " + first, "PK",
          "Type", "__proto__")) {
        Map<String, Object> body = new LinkedHashMap<>(valid);
        body.put(extra, "x");
        out.add(request(e, base, "unknown field " + abbreviate(extra), extra, true, base.path(), base.query(), headers,
            json(body)));
      }
      String text = Json.write(valid);
      String open = text.substring(0, text.length() - 1) + (valid.isEmpty() ? "" : ",");
      List<Object[]> whole = List.of(
          new Object[] {"no body", null},
          new Object[] {"empty body", new byte[0]},
          new Object[] {"null", utf8("null")},
          new Object[] {"trailing data", utf8(text + " x")},
          new Object[] {"two objects", utf8(text + text)},
          new Object[] {"an array", utf8("[" + text + "]")},
          new Object[] {"a string", utf8("\"" + text.replace("\"", "'") + "\"")},
          new Object[] {"invalid UTF-8", concat(open + "\"" + first + "\":\"", new byte[] {(byte) 0xC3, (byte) 0x28},
              "\"}")},
          new Object[] {"deep nesting", utf8(open + "\"deep\":" + "[".repeat(5000) + "]".repeat(5000) + "}")},
          new Object[] {"duplicate key", utf8(open + "\"" + first + "\":" + Json.write(valid.getOrDefault(first, "x"))
              + ",\"" + first + "\":1}")},
          new Object[] {"over 1 MiB", utf8(open + "\"" + first + "\":\"" + "a".repeat(1024 * 1024) + "\"}")});
      for (Object[] w : whole) {
        if (w[0].equals("no body") || w[0].equals("empty body")) {
          if (e.body().stream().noneMatch(BodyField::mandatory)) {
            continue; // a body of optional fields only may be left out
          }
        }
        out.add(request(e, base, "body: " + w[0], null, false, base.path(), base.query(), headers, (byte[]) w[1]));
      }
    }
  }

  /** One changed value of a body field. */
  private record Mutation(String label, Object value) {}

  /** The values a field's declaration refuses. */
  static List<Mutation> mutations(BodyField f) {
    List<Mutation> m = new ArrayList<>();
    List<Object> wrongTypes = switch (f.type()) {
      case STRING, TIMESTAMP -> List.of(42, true, List.of(), Map.of("a", "b"), 1.5);
      case BOOLEAN -> List.of("true", 1, List.of(), Map.of("a", "b"));
      case INTEGER -> List.of("1", true, List.of(), Map.of("a", "b"), 1.5);
      case NUMBER -> List.of("1", true, List.of(), Map.of("a", "b"));
      case ARRAY -> List.of("x", 1, Map.of("a", "b"), true);
      case OBJECT -> List.of("x", 1, List.of(), true);
    };
    for (Object v : wrongTypes) {
      m.add(new Mutation("of type " + v.getClass().getSimpleName() + " " + v, v));
    }
    if (f.mandatory()) {
      m.add(new Mutation("missing", REMOVE));
    }
    // The document types no declared field with null (JsonSchema.field): null is refused, optional or not.
    m.add(new Mutation("null", null));
    switch (f.type()) {
      case STRING -> {
        m.add(new Mutation("with a lone surrogate", SURROGATE));
        if (!f.values().isEmpty()) {
          String v = f.values().get(0);
          for (String s : List.of("", v.toUpperCase(Locale.ROOT) + (v.equals(v.toUpperCase(Locale.ROOT)) ? "x" : ""),
              " " + v, v + "\u200b", v + "\u0000", "x".repeat(1000))) {
            m.add(new Mutation("=" + abbreviate(s), s));
          }
          break;
        }
        if (f.max() > 0) {
          m.add(new Mutation("over " + f.max() + " characters", "a".repeat((int) f.max() + 1)));
          m.add(new Mutation("over " + f.max() + " emoji", EMOJI.repeat((int) f.max() + 1)));
        }
        if (f.min() > 0) {
          m.add(new Mutation("empty", ""));
        }
        if (f.text() == BodyField.Text.NON_BLANK) {
          m.add(new Mutation("blank", "   "));
          m.add(new Mutation("blank lines", "\n\t"));
        }
        List<String> keyish = List.of("a#b", "#", "a\u0001b", "a\n", "\u0000", "\u007f");
        if (f.pattern() != null) {
          Pattern p = Pattern.compile(f.pattern());
          for (String s : List.of("a#b", "#", "A#B", "a/b", "a%2Fb", "", " ", "a b", "a\u0001b", "a\u0000", "\uFF41",
              "\u0430", "a\u200b", "x".repeat(1025), EMOJI)) {
            if (!p.matcher(s).find() || s.contains("#") && !f.pattern().contains("#")) {
              m.add(new Mutation("=" + abbreviate(s), s));
            }
          }
        } else if (f.segment() != null) {
          for (String s : keyish) {
            m.add(new Mutation("=" + abbreviate(s) + " (key rule " + f.segment() + ")", s));
          }
        } else if (f.text() == BodyField.Text.NO_CONTROL) {
          for (String s : List.of("a\u0001b", "a\n", "\u007f", "a\u0000")) {
            m.add(new Mutation("=" + abbreviate(s), s));
          }
        }
      }
      case TIMESTAMP -> {
        for (String s : List.of("2026-01-01T24:00:00.000Z", "2026-06-30T23:59:60.000Z", "2026-01-01T00:00:00.000+01:00",
            "2026-01-01T00:00:00.000", "2026-01-01", "", "yesterday", "2026-02-30T00:00:00.000Z",
            "2026-13-01T00:00:00.000Z", "99999-01-01T00:00:00.000Z", "1970-01-01T00:00:00.000Z")) {
          m.add(new Mutation("=" + s, s));
        }
        m.add(new Mutation("with a lone surrogate", SURROGATE));
      }
      case INTEGER -> {
        if (f.min() > Long.MIN_VALUE) {
          m.add(new Mutation("below " + f.min(), f.min() - 1));
        }
        if (f.max() > 0 && f.max() < Long.MAX_VALUE) {
          m.add(new Mutation("above " + f.max(), f.max() + 1));
        }
        m.add(new Mutation("a fraction", 0.5));
        m.add(new Mutation("=2^63", new java.math.BigInteger("9223372036854775808")));
        m.add(new Mutation("=1e400", new java.math.BigDecimal("1e400")));
      }
      case NUMBER -> {
        // DynamoDB keeps 38 significant digits and magnitudes from 1e-130 to below 1e126: refused, never rounded.
        for (String s : List.of("1e-131", "-1e-131", "1e-400", "1e126", "-1e126", "1e1000",
            "1234567890123456789012345678901234567891", "0.12345678901234567890123456789012345678901",
            "1234567890123.45678901234567890123456789")) {
          m.add(new Mutation("=" + s, new java.math.BigDecimal(s)));
        }
        if (f.max() > 0) {
          // The document's own boundary: a magnitude below max (exclusiveMaximum, exclusiveMinimum).
          m.add(new Mutation("=" + f.max(), java.math.BigDecimal.valueOf(f.max())));
          m.add(new Mutation("=-" + f.max(), java.math.BigDecimal.valueOf(-f.max())));
        }
      }
      case ARRAY -> {
        if (f.max() > 0) {
          m.add(new Mutation("over " + f.max() + " items", REPEAT_FIRST));
        }
        if (f.items().type() != BodyField.Type.OBJECT) {
          for (Mutation inner : mutations(f.items())) {
            if (inner.value != REMOVE && inner.value != null) {
              m.add(new Mutation("item " + inner.label, new ArrayList<>(java.util.Collections.singletonList(inner.value))));
            }
          }
        }
        m.add(new Mutation("holding null", java.util.Collections.singletonList(null)));
      }
      default -> { }
    }
    return m;
  }

  /** Stands for "the sample's array with its first item repeated past the limit". */
  private static final Object REPEAT_FIRST = new Object();

  private static byte[] json(Map<String, Object> body) {
    String text = Json.write(body).replace("\\u0000LONE-SURROGATE\\u0000", "\\ud800");
    return utf8(text);
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] concat(String a, byte[] middle, String b) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(utf8(a));
    out.writeBytes(middle);
    out.writeBytes(utf8(b));
    return out.toByteArray();
  }

  static String abbreviate(String s) {
    if (s == null) {
      return "null";
    }
    StringBuilder t = new StringBuilder();
    for (char c : s.toCharArray()) {
      t.append(c < 0x20 || c == 0x7f || (c >= 0x200b && c <= 0x200f) ? String.format("\\u%04x", (int) c) : c);
    }
    return t.length() <= 40 ? t.toString() : t.substring(0, 40) + "...(" + s.length() + ")";
  }
}

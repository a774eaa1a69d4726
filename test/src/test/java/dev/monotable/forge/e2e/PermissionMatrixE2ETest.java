package dev.monotable.forge.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.forge.e2e.Forge.Reply;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The permission matrix: every route of the catalog, for a public repository, a private user
 * repository and a private org repository (or once, for routes outside repositories), called by
 * seven kinds of caller. The expected status of each cell is in one table,
 * {@code src/test/resources/permission-matrix.tsv}, which this test reads. Independently of the
 * table, no caller who may not see a private repository gets a 2xx there, and the 404 they get is
 * byte-for-byte the 404 of a repository that does not exist.
 *
 * <p>Run with {@code -Dmatrix.record=true} to write the observed table to
 * {@code target/permission-matrix.observed.tsv} (for review before replacing the expected one).
 */
@ExtendWith(ForgeExtension.class)
class PermissionMatrixE2ETest {
  static final List<String> ROLES = List.of("anonymous", "forged", "stranger", "noprofile", "member", "admin",
      "owner");
  private static final Set<String> OUTSIDERS = Set.of("anonymous", "forged", "stranger", "noprofile");
  private static final String TABLE = "permission-matrix.tsv";

  private final Forge forge;
  private final ForgeFixtures fx;

  PermissionMatrixE2ETest(Forge forge) {
    this.forge = forge;
    this.fx = new ForgeFixtures(forge);
  }

  /** The callers and the three repositories (owner, name). */
  private record World(Map<String, String> users, String owner, String org, String tmp) {
    String[] repo(String target) {
      return switch (target) {
        case "public" -> new String[] {owner, "pub"};
        case "private-user" -> new String[] {owner, "priv"};
        case "private-org" -> new String[] {org, "orgpriv"};
        default -> new String[] {owner, "pub"};
      };
    }
  }

  private World world() {
    String owner = fx.user("Own");
    String admin = fx.user("Adm");
    String member = fx.user("Mem");
    String stranger = fx.user("Str");
    String tmp = fx.user("Tmp");
    String org = fx.org("Org", admin);
    fx.member(org, admin, member, "member");
    fx.repo(owner, owner, "pub", false);
    fx.repo(owner, owner, "priv", true);
    fx.repo(admin, org, "orgpriv", true);
    for (String[] r : List.of(new String[] {owner, "pub", owner}, new String[] {owner, "priv", owner},
        new String[] {org, "orgpriv", admin})) {
      String base = "/repos/" + r[0] + "/" + r[1];
      assertEquals(201, forge.post(base + "/issues").as(r[2]).json("title", "i").send().status());
      assertEquals(201, forge.post(base + "/pulls").as(r[2]).json("title", "p", "head", "f", "base", "m").send()
          .status());
    }
    Map<String, String> users = new LinkedHashMap<>();
    users.put("anonymous", null);
    users.put("forged", owner);
    users.put("stranger", stranger);
    users.put("noprofile", ForgeFixtures.unique("Ghost"));
    users.put("member", member);
    users.put("admin", admin);
    users.put("owner", owner);
    return new World(users, owner, org, tmp);
  }

  /** One row: a route and what it targets. */
  private record Row(Endpoint endpoint, String target) {
    String key() {
      return endpoint.routeKey() + "\t" + target;
    }
  }

  private static List<Row> rows() {
    List<Row> rows = new ArrayList<>();
    for (Endpoint e : dev.monotable.forge.Forge.DOMAIN.endpoints()) {
      if (e.path().contains("{repo}")) {
        for (String t : List.of("public", "private-user", "private-org")) {
          rows.add(new Row(e, t));
        }
      } else {
        rows.add(new Row(e, "-"));
      }
    }
    // POST /users last: it would give the caller without a profile one
    rows.sort((a, b) -> Boolean.compare(a.endpoint().routeKey().equals("POST /users"),
        b.endpoint().routeKey().equals("POST /users")));
    return rows;
  }

  @Test
  void everyRouteRepositoryAndCaller_shouldAnswerTheStatusOfTheTable_andPrivateLooksAbsent() throws IOException {
    Map<String, List<String>> expected = readTable();
    World w = world();
    Map<String, List<String>> observed = new LinkedHashMap<>();
    List<String> failures = new ArrayList<>();
    int cells = 0;
    for (Row row : rows()) {
      List<String> statuses = new ArrayList<>();
      for (String role : ROLES) {
        Forge.Call call = request(row, role, w, false);
        Reply r = call.send();
        cells++;
        statuses.add(Integer.toString(r.status()));
        boolean hidden = !row.target().equals("public") && !row.target().equals("-") && OUTSIDERS.contains(role);
        if (hidden && (r.status() == 404 || r.status() < 300)) {
          // The answer must not tell the private repository from one that does not exist: a 404
          // byte for byte. No route succeeds for an outsider, an unstar included (it answered 204).
          Reply absent = request(row, role, w, true).send();
          if (absent.status() != r.status() || !java.util.Objects.equals(absent.body(), r.body())) {
            failures.add(row.key() + " " + role + ": private answers " + r + " but absent answers " + absent);
          }
          if (r.status() < 300) {
            failures.add(row.key() + " " + role + ": " + r.status() + " on a private repository");
          }
        }
      }
      observed.put(row.key(), statuses);
      List<String> want = expected.get(row.key());
      if (want == null) {
        failures.add(row.key() + ": no row in " + TABLE);
      } else if (!want.equals(statuses)) {
        failures.add(row.key() + ": expected " + want + " observed " + statuses);
      }
    }
    if (Boolean.getBoolean("matrix.record")) {
      write(observed);
    }
    Set<String> stale = new TreeSet<>(expected.keySet());
    stale.removeAll(observed.keySet());
    stale.forEach(k -> failures.add(k + ": row in " + TABLE + " for a route the catalog does not have"));
    System.out.println("permission matrix cells: " + cells);
    assertTrue(failures.isEmpty(), failures.size() + " cells differ:\n" + String.join("\n", failures));
  }

  private static Endpoint e(Row row) {
    return row.endpoint();
  }

  /** The request of one cell; {@code absent} swaps the repository for one that does not exist. */
  private Forge.Call request(Row row, String role, World w, boolean absent) {
    Endpoint e = row.endpoint();
    String[] repo = w.repo(row.target());
    Map<String, String> p = new LinkedHashMap<>();
    boolean orgRoute = e.path().startsWith("/orgs/");
    p.put("owner", repo[0]);
    p.put("repo", absent ? "absent-repo" : repo[1]);
    p.put("org", w.org());
    p.put("username", orgRoute ? w.tmp() : w.owner());
    p.put("number", e.path().contains("/pulls") ? "2" : "1");
    p.put("type", "heart");
    String path = e.path();
    for (Map.Entry<String, String> v : p.entrySet()) {
      path = path.replace("{" + v.getKey() + "}", v.getValue());
    }
    Forge.Call call = forge.call(e.method(), path);
    String user = w.users().get(role);
    if (role.equals("forged")) {
      call.header("authorization", ForgedTokens.forUser(forge, user).get("another key, same kid"));
    } else if (user != null) {
      call.as(user);
    }
    Map<String, Object> body = body(e, role, user, w);
    if (body != null) {
      call.raw(Json.write(body));
    }
    return call;
  }

  /** A valid body for the route, unique per caller where the route creates something named. */
  private static Map<String, Object> body(Endpoint e, String role, String user, World w) {
    String tag = "m" + ROLES.indexOf(role);
    return switch (e.routeKey()) {
      case "POST /users" -> user == null ? Map.of("username", "Nobody", "email", "nobody@x.io")
          : Map.of("username", user, "email", tag + "-" + user.toLowerCase() + "@x.io");
      case "PATCH /users/{username}" -> Map.of("bio", "bio " + tag);
      case "POST /orgs" -> Map.of("org", "Matrix" + tag + ForgeFixtures.unique(""));
      case "PUT /orgs/{org}/members/{username}" -> Map.of("role", "member");
      case "POST /orgs/{org}/invitations" -> Map.of("email", tag + "@invited.io");
      case "POST /repos" -> Map.of("owner", w.org(), "name", "made-" + tag);
      case "POST /repos/{owner}/{repo}/issues" -> Map.of("title", "t " + tag);
      case "POST /repos/{owner}/{repo}/pulls" -> Map.of("title", "t " + tag, "head", "f", "base", "m");
      case "PATCH /repos/{owner}/{repo}/issues/{number}", "PATCH /repos/{owner}/{repo}/pulls/{number}" ->
          Map.of("title", "edited " + tag);
      case "POST /repos/{owner}/{repo}/issues/{number}/comments", "POST /repos/{owner}/{repo}/pulls/{number}/comments" ->
          Map.of("body", "c " + tag);
      default -> null;
    };
  }

  private static Map<String, List<String>> readTable() throws IOException {
    Map<String, List<String>> m = new LinkedHashMap<>();
    try (InputStream in = PermissionMatrixE2ETest.class.getClassLoader().getResourceAsStream(TABLE)) {
      if (in == null) {
        return m;
      }
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (line.isBlank() || line.startsWith("#") || line.startsWith("route\t")) {
          continue;
        }
        String[] cols = line.split("\t");
        m.put(cols[0] + "\t" + cols[1], List.of(cols).subList(2, cols.length));
      }
    }
    return m;
  }

  private static void write(Map<String, List<String>> observed) throws IOException {
    StringBuilder sb = new StringBuilder("route\trepository\t" + String.join("\t", ROLES) + "\n");
    observed.forEach((k, v) -> sb.append(k).append('\t').append(String.join("\t", v)).append('\n'));
    Files.writeString(Path.of("target", "permission-matrix.observed.tsv"), sb.toString());
  }
}

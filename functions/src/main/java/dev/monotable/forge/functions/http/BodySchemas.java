package dev.monotable.forge.functions.http;

import dev.monotable.kit.http.Request;

import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.keys.Segments;
import dev.monotable.forge.model.Rules;
import java.util.List;
import java.util.Map;

/**
 * The JSON fields each route's body may hold, by route key: the one list the handlers enforce
 * (a field not listed is a 400 naming it, so a typo such as {@code "titel"} is not silently
 * ignored), the generated bad-input suite reads to build its cases and the API docs
 * ({@code scripts/.../docs/ApiShapes}) read to describe each request body. Routes without an entry
 * take no body fields.
 */
public final class BodySchemas {

  /** What a field holds; the kind decides which values are invalid. */
  public enum Kind {
    /** A user or organization name that becomes part of a key ({@link Segments#ACCOUNT}). */
    ACCOUNT(1),
    /** A repository name that becomes part of a key ({@link Segments#REPO}). */
    REPO(1),
    /** An e-mail address that becomes part of a key: at least {@code a@b}. */
    EMAIL(3),
    /** Free text of at most {@code maxChars} characters (code points). */
    TEXT(0),
    /** A pull request branch: 1..255 characters without control characters. */
    REF(1),
    /** One of {@code values}. */
    ENUM(0),
    /** true or false. */
    BOOLEAN(0);

    private final int minChars;

    Kind(int minChars) {
      this.minChars = minChars;
    }
  }

  /**
   * One field.
   *
   * @param minChars the shortest accepted value in characters: the kind's, or 1 for text that
   *     must not be blank (even where the field is optional, as a PATCH's title)
   * @param maxChars the longest accepted value in characters (0 when the kind has no length)
   * @param values the accepted values of an {@link Kind#ENUM}
   */
  public record Field(String name, Kind kind, boolean required, int minChars, int maxChars, List<String> values) {

    static Field of(String name, Kind kind, boolean required, int maxChars) {
      return new Field(name, kind, required, kind.minChars, maxChars, List.of());
    }

    static Field oneOf(String name, boolean required, String... values) {
      return new Field(name, Kind.ENUM, required, 0, 0, List.of(values));
    }

    /** The same field, refusing blank text. */
    Field nonBlank() {
      return new Field(name, kind, required, Math.max(1, minChars), maxChars, values);
    }
  }

  private static final int ACCOUNT_MAX = 39;
  private static final int REPO_MAX = 100;

  private static final List<Field> TICKET_PATCH = List.of(
      Field.of("title", Kind.TEXT, false, Rules.TITLE_MAX).nonBlank(),
      Field.of("body", Kind.TEXT, false, Rules.BODY_MAX));

  private static final Map<String, List<Field>> BY_ROUTE = Map.ofEntries(
      Map.entry("POST /users", List.of(
          Field.of("username", Kind.ACCOUNT, true, ACCOUNT_MAX),
          Field.of("email", Kind.EMAIL, true, Segments.EMAIL_MAX),
          Field.of("name", Kind.TEXT, false, Rules.SHORT_TEXT_MAX),
          Field.of("bio", Kind.TEXT, false, Rules.BODY_MAX))),
      Map.entry("PATCH /users/{username}", List.of(
          Field.of("name", Kind.TEXT, false, Rules.SHORT_TEXT_MAX),
          Field.of("bio", Kind.TEXT, false, Rules.BODY_MAX),
          Field.of("email", Kind.EMAIL, false, Segments.EMAIL_MAX))),
      Map.entry("POST /orgs", List.of(
          Field.of("org", Kind.ACCOUNT, false, ACCOUNT_MAX),
          Field.of("login", Kind.ACCOUNT, false, ACCOUNT_MAX),
          Field.of("name", Kind.TEXT, false, Rules.SHORT_TEXT_MAX),
          Field.of("description", Kind.TEXT, false, Rules.SHORT_TEXT_MAX))),
      Map.entry("PUT /orgs/{org}/members/{username}", List.of(
          Field.oneOf("role", false, "admin", "member"))),
      Map.entry("POST /orgs/{org}/invitations", List.of(
          Field.of("email", Kind.EMAIL, true, Segments.EMAIL_MAX),
          Field.oneOf("role", false, "admin", "member"))),
      Map.entry("POST /repos", List.of(
          Field.of("name", Kind.REPO, true, REPO_MAX),
          Field.of("owner", Kind.ACCOUNT, false, ACCOUNT_MAX),
          Field.of("description", Kind.TEXT, false, Rules.SHORT_TEXT_MAX),
          Field.of("private", Kind.BOOLEAN, false, 0))),
      Map.entry("POST /repos/{owner}/{repo}/issues", List.of(
          Field.of("title", Kind.TEXT, true, Rules.TITLE_MAX).nonBlank(),
          Field.of("body", Kind.TEXT, false, Rules.BODY_MAX))),
      Map.entry("POST /repos/{owner}/{repo}/pulls", List.of(
          Field.of("title", Kind.TEXT, true, Rules.TITLE_MAX).nonBlank(),
          Field.of("body", Kind.TEXT, false, Rules.BODY_MAX),
          Field.of("head", Kind.REF, true, Rules.REF_MAX),
          Field.of("base", Kind.REF, true, Rules.REF_MAX))),
      Map.entry("PATCH /repos/{owner}/{repo}/issues/{number}", concat(TICKET_PATCH,
          Field.oneOf("state", false, "open", "closed"))),
      Map.entry("PATCH /repos/{owner}/{repo}/pulls/{number}", concat(TICKET_PATCH,
          Field.oneOf("state", false, "open", "closed", "merged"))),
      Map.entry("POST /repos/{owner}/{repo}/issues/{number}/comments", List.of(
          Field.of("body", Kind.TEXT, true, Rules.BODY_MAX).nonBlank())),
      Map.entry("POST /repos/{owner}/{repo}/pulls/{number}/comments", List.of(
          Field.of("body", Kind.TEXT, true, Rules.BODY_MAX).nonBlank())));

  private BodySchemas() {}

  /** The fields of a route's body, or an empty list when it takes none. */
  public static List<Field> of(String routeKey) {
    return BY_ROUTE.getOrDefault(routeKey, List.of());
  }

  /** Route keys that take a body. */
  public static java.util.Set<String> routes() {
    return BY_ROUTE.keySet();
  }

  /** A 400 naming the first body field the route does not take (when a body was sent). */
  public static void checkFields(String routeKey, Request request) {
    List<Field> fields = BY_ROUTE.get(routeKey);
    if (fields == null || !request.hasBody()) {
      return;
    }
    for (Map.Entry<String, Object> e : request.body().entrySet()) {
      String name = e.getKey();
      Field field = fields.stream().filter(f -> f.name().equals(name)).findFirst().orElse(null);
      if (field == null) {
        throw new ValidationException(Rules.isWellFormed(name) ? name : null,
            "unknown field; this route takes " + String.join(", ", fields.stream().map(Field::name).toList()));
      }
      // Every declared field's type is checked, also one the handler would not read (login next to org).
      Object v = e.getValue();
      if (v != null && field.kind() == Kind.BOOLEAN && !(v instanceof Boolean)) {
        throw new ValidationException(name, name + " must be true or false");
      }
      if (v != null && field.kind() != Kind.BOOLEAN && !(v instanceof String)) {
        throw new ValidationException(name, name + " must be a string");
      }
    }
  }

  private static List<Field> concat(List<Field> a, Field b) {
    List<Field> out = new java.util.ArrayList<>(a);
    out.add(b);
    return List.copyOf(out);
  }
}

package dev.monotable.forge.functions.http;

import dev.monotable.kit.data.Page;
import dev.monotable.forge.keys.ReactionTypes;
import dev.monotable.forge.model.Activity;
import dev.monotable.forge.model.Comment;
import dev.monotable.forge.model.Invitation;
import dev.monotable.forge.model.Membership;
import dev.monotable.forge.model.Organization;
import dev.monotable.forge.model.Repository;
import dev.monotable.forge.model.Star;
import dev.monotable.forge.model.Ticket;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.forge.model.User;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * JSON representations: camelCase fields, display forms of names, never a DynamoDB key attribute.
 * Every versioned entity carries {@code version} (the value If-Match expects).
 */
public final class Representations {
  private Representations() {}

  public static <T> Map<String, Object> page(Page<T> page, Function<T, Map<String, Object>> item) {
    List<Map<String, Object>> items = new ArrayList<>();
    for (T t : page.items()) {
      items.add(item.apply(t));
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("items", items);
    m.put("nextCursor", page.nextCursor());
    return m;
  }

  public static Map<String, Object> user(User u) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("username", u.username());
    m.put("email", u.email());
    m.put("name", u.name());
    m.put("bio", u.bio());
    audit(m, u.createdAt(), u.updatedAt());
    m.put("version", u.version());
    return m;
  }

  public static Map<String, Object> organization(Organization o) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("org", o.org());
    m.put("login", o.org());
    m.put("name", o.name());
    m.put("description", o.description());
    audit(m, o.createdAt(), o.updatedAt());
    m.put("version", o.version());
    return m;
  }

  public static Map<String, Object> membership(Membership ms) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("org", ms.org());
    m.put("username", ms.username());
    m.put("role", ms.role().value());
    audit(m, ms.createdAt(), ms.updatedAt());
    m.put("version", ms.version());
    return m;
  }

  public static Map<String, Object> invitation(Invitation i) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("org", i.org());
    m.put("email", i.email());
    m.put("role", i.role().value());
    m.put("invitedBy", i.invitedBy());
    m.put("createdAt", i.createdAt());
    m.put("expiresAt", dev.monotable.kit.keys.Timestamps.format(Instant.ofEpochSecond(i.expiresAt())));
    return m;
  }

  public static Map<String, Object> activity(Activity a) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", a.id());
    m.put("event", a.event());
    m.put("actor", a.actor());
    m.put("owner", a.owner());
    m.put("repo", a.repo());
    m.put("number", a.number());
    m.put("summary", a.summary());
    m.put("createdAt", a.createdAt());
    return m;
  }

  public static Map<String, Object> repository(Repository r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("owner", r.owner());
    m.put("name", r.name());
    m.put("fullName", r.owner() + "/" + r.name());
    m.put("description", r.description());
    m.put("private", r.isPrivate());
    m.put("fork", r.forkOf() != null);
    if (r.forkOf() != null) {
      Map<String, Object> parent = new LinkedHashMap<>();
      parent.put("owner", r.forkOf().owner());
      parent.put("name", r.forkOf().name());
      parent.put("fullName", r.forkOf().toString());
      m.put("forkOf", parent);
    } else {
      m.put("forkOf", null);
    }
    m.put("starCount", r.starCount());
    m.put("forkCount", r.forkCount());
    audit(m, r.createdAt(), r.updatedAt());
    m.put("version", r.version());
    return m;
  }

  public static Map<String, Object> ticket(Ticket t) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("owner", t.owner());
    m.put("repo", t.repo());
    m.put("number", t.number());
    m.put("title", t.title());
    m.put("body", t.body());
    m.put("state", t.state().value());
    m.put("author", t.author());
    if (t.kind() == TicketKind.PULL_REQUEST) {
      m.put("head", t.head());
      m.put("base", t.base());
    }
    m.put("commentCount", t.commentCount());
    Map<String, Object> reactions = new LinkedHashMap<>();
    for (String type : ReactionTypes.ALL) {
      reactions.put(type, t.reactions().getOrDefault(type, 0L));
    }
    m.put("reactions", reactions);
    audit(m, t.createdAt(), t.updatedAt());
    m.put("version", t.version());
    return m;
  }

  public static Map<String, Object> comment(Comment c) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", c.id());
    m.put("owner", c.owner());
    m.put("repo", c.repo());
    m.put("number", c.number());
    m.put("author", c.author());
    m.put("body", c.body());
    audit(m, c.createdAt(), c.updatedAt());
    m.put("version", c.version());
    return m;
  }

  /** An entry of a user's starred list. */
  public static Map<String, Object> starredRepo(Star s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("owner", s.owner());
    m.put("name", s.repo());
    m.put("fullName", s.owner() + "/" + s.repo());
    m.put("starredAt", s.starredAt());
    return m;
  }

  /** An entry of a repository's stargazers. */
  public static Map<String, Object> stargazer(Star s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("username", s.username());
    m.put("starredAt", s.starredAt());
    return m;
  }

  private static void audit(Map<String, Object> m, String createdAt, String updatedAt) {
    m.put("createdAt", createdAt);
    m.put("updatedAt", updatedAt);
  }
}

package dev.monotable.kit.bench;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import dev.monotable.kit.http.ApiEvent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One HTTP request of a benchmark fixture: the parts a case varies, turned into an event by the
 * one builder {@link ApiEvent}. It also travels as {@code key=value} arguments to the cold-start
 * probe, so it depends on nothing outside the Lambda jar.
 *
 * @param caller authenticated username (claims {@code username} and {@code sub}), or null
 * @param groups the caller's user pool groups (claim {@code cognito:groups}), usually none
 */
public record BenchRequest(String caller, List<String> groups, Map<String, String> path, Map<String, String> query,
    Map<String, String> headers, String body) {

  public BenchRequest {
    groups = List.copyOf(groups);
    path = Map.copyOf(path);
    query = Map.copyOf(query);
    headers = Map.copyOf(headers);
  }

  public static BenchRequest as(String caller) {
    return new BenchRequest(caller, List.of(), Map.of(), Map.of(), Map.of(), null);
  }

  /** Authenticated as {@code caller}, a member of user pool group {@code group}. */
  public static BenchRequest asMemberOf(String caller, String group) {
    return new BenchRequest(caller, List.of(group), Map.of(), Map.of(), Map.of(), null);
  }

  public static BenchRequest anonymous() {
    return as(null);
  }

  public BenchRequest path(String name, String value) {
    return new BenchRequest(caller, groups, with(path, name, value), query, headers, body);
  }

  public BenchRequest query(String name, String value) {
    return new BenchRequest(caller, groups, path, with(query, name, value), headers, body);
  }

  public BenchRequest header(String name, String value) {
    return new BenchRequest(caller, groups, path, query, with(headers, name.toLowerCase(Locale.ROOT), value), body);
  }

  public BenchRequest body(String json) {
    return new BenchRequest(caller, groups, path, query, headers, json);
  }

  /** The event API Gateway would send for route {@code method routePath} (e.g. {@code GET /users/{username}}). */
  public APIGatewayV2HTTPEvent toEvent(String method, String routePath, String requestId) {
    ApiEvent event = ApiEvent.request(method, routePath).as(caller, groups).headers(headers).requestId(requestId);
    path.forEach(event::path);
    query.forEach(event::query);
    if (body != null) {
      event.header("content-type", "application/json").body(body);
    }
    return event.build();
  }

  /** {@code key=value} arguments for the cold-start probe; {@link #fromArgs} reads them back. */
  public List<String> toArgs() {
    List<String> args = new ArrayList<>();
    if (caller != null) {
      args.add("caller=" + caller);
    }
    groups.forEach(g -> args.add("group=" + g));
    path.forEach((k, v) -> args.add("path." + k + "=" + v));
    query.forEach((k, v) -> args.add("query." + k + "=" + v));
    headers.forEach((k, v) -> args.add("header." + k + "=" + v));
    if (body != null) {
      args.add("body=" + body);
    }
    return args;
  }

  public static BenchRequest fromArgs(List<String> args) {
    String caller = null;
    List<String> groups = new ArrayList<>();
    String body = null;
    Map<String, String> path = new LinkedHashMap<>();
    Map<String, String> query = new LinkedHashMap<>();
    Map<String, String> headers = new LinkedHashMap<>();
    for (String a : args) {
      int eq = a.indexOf('=');
      if (eq < 0) {
        throw new IllegalArgumentException("not key=value: " + a);
      }
      String key = a.substring(0, eq);
      String value = a.substring(eq + 1);
      if (key.equals("caller")) {
        caller = value;
      } else if (key.equals("group")) {
        groups.add(value);
      } else if (key.equals("body")) {
        body = value;
      } else if (key.startsWith("path.")) {
        path.put(key.substring(5), value);
      } else if (key.startsWith("query.")) {
        query.put(key.substring(6), value);
      } else if (key.startsWith("header.")) {
        headers.put(key.substring(7), value);
      } else {
        throw new IllegalArgumentException("unknown request argument " + key);
      }
    }
    return new BenchRequest(caller, groups, path, query, headers, body);
  }

  private static Map<String, String> with(Map<String, String> m, String k, String v) {
    Map<String, String> copy = new LinkedHashMap<>(m);
    copy.put(k, v);
    return copy;
  }
}

package dev.monotable.kit.suites;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Cases of the domain-wide suites where a domain still departs from its contract, each with the
 * issue that tracks it. A case that fails and matches one is counted, not failed; a departure no
 * case matches any more fails the suite ("fixed: delete it here"), so a fix flips it at once.
 *
 * @param domain the domain's id
 * @param route the route key, or {@code *} for every route of the domain (checked once per domain)
 * @param cases a regular expression the case's name must match (find, not whole); the permission
 *     suite's names start with {@code perm }, the race suite's with {@code race }, the fault suite's
 *     with {@code fault }, so their departures are written {@code ^perm ...}, {@code ^race ...},
 *     {@code ^fault ...}; any other is the bad-input suite's
 * @param why the contract broken and the issue tracking it
 */
record KnownDepartures(String domain, String route, Pattern cases, String why) {

  /**
   * The departures known when the bad-input and permission suites were written (issue 24: unknown
   * fields without {@code field}, loose cursors, hour 24 and second 60 on read routes, numbers
   * outside DynamoDB's rules) were fixed, and each fix flipped its case here. Those below were found
   * by the race and fault suites (docs/reliability.md); the retries after a lost answer (creates
   * refused, versioned updates 412, a counter's gap, the member PUT) flipped with issue 36's write
   * tokens. Add one only with the issue tracking it.
   */
  static final List<KnownDepartures> ALL = List.of(
      of("devices", "DELETE /users/{user}/devices/{device}", "^fault conflict on (BatchWriteItem|TransactWriteItems)",
          "issue 24 (faults): AP08 is resumable: a 503 after its first UpdateItem keeps the device's mark "
              + "(DeletingAt), which the client's retry resumes from; the suite holds a refusal to the clean table "
              + "(decide: a resumable route's declared 'progress written before a refusal')"));

  /** The suite whose cases this departure names: {@code perm}, {@code race}, {@code fault} or {@code input}. */
  String suite() {
    for (String s : List.of("perm", "race", "fault")) {
      if (cases.pattern().startsWith("^" + s + " ")) {
        return s;
      }
    }
    return "input";
  }

  static KnownDepartures of(String domain, String route, String casesRegex, String why) {
    return new KnownDepartures(domain, route, Pattern.compile(casesRegex), why);
  }

  boolean matches(String domainId, String routeKey, String caseName) {
    return domain.equals(domainId) && (route.equals("*") || route.equals(routeKey)) && cases.matcher(caseName).find();
  }

  /** The known departure matching a failed case, or null. */
  static KnownDepartures find(String domainId, String routeKey, String caseName) {
    for (KnownDepartures d : ALL) {
      if (d.matches(domainId, routeKey, caseName)) {
        return d;
      }
    }
    return null;
  }

  /** Departures of this domain's route that no failed case matched: fixed, to delete. */
  static List<KnownDepartures> unmatched(String domainId, String routeKey, List<String> departedCases) {
    List<KnownDepartures> out = new ArrayList<>();
    for (KnownDepartures d : ALL) {
      if (d.domain.equals(domainId) && d.route.equals(routeKey)
          && departedCases.stream().noneMatch(c -> d.matches(domainId, routeKey, c))) {
        out.add(d);
      }
    }
    return out;
  }
}

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
 *     suite's names start with {@code perm }, so its departures are written {@code ^perm ...}
 * @param why the contract broken and the issue tracking it
 */
record KnownDepartures(String domain, String route, Pattern cases, String why) {

  /** The departures known when the suites were written; issue 24's fixes (branch defects) flip them. */
  static final List<KnownDepartures> ALL = List.of(
      of("devices", "*", "^unknown field ",
          "issue 24: an unknown body field's error carries no field (Devices' default body check)"),
      of("devices", "*", "^query cursor=(|issued\\+'=+'|issued, last changed)$",
          "issue 24: an empty cursor= answers the first page, and other spellings of an issued cursor (= or == "
              + "appended, its spare bits changed) still work"),
      of("forge", "*", "^query cursor=(|issued\\+'=+'|issued, last changed)$",
          "issue 24: an empty cursor= answers the first page, and other spellings of an issued cursor (= or == "
              + "appended, its spare bits changed) still work"),
      of("devices", "*", "^query (from|to|since)=\\S*T(24:00|23:59:60)",
          "issue 24: the read routes' from/to/since accept hour 24 and second 60, which the write routes refuse"),
      of("devices", "*", "^(events\\[0]\\.)?value =(-?1e-131|1e-400|0\\.1234567890123456789012345678901234567890"
          + "1|1234567890123\\.45678901234567890123456789)$",
          "issue 24: event values below 1e-130 answer 500 or are stored as 0, beyond 38 digits are rounded"),
      of("devices", "*", "^(events\\[0]\\.)?seq =1e400$",
          "issue 24 (numbers): an event seq of 1e400 answers 500 instead of a 400 naming seq"));

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

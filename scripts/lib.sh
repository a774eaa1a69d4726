# Shared by the scripts/* entry points: build the scripts module (and what it depends on) with
# Maven and run one of its main classes. Sourced, not executed.
set -euo pipefail

MONOTABLE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# --help or -h anywhere on the line (as the tools' own Args.wantsHelp): the usage of scripts/usage/<script>,
# the very text the main class prints (CommandLineTest holds them equal), with no build and no JVM.
monotable_help() {
  local arg usage="$MONOTABLE_ROOT/scripts/usage/$(basename "$0")"
  for arg in "$@"; do
    if [[ "$arg" == "--help" || "$arg" == "-h" ]] && [[ -f "$usage" ]]; then
      cat "$usage"
      exit 0
    fi
  done
}

# Builds quietly unless the classes are newer than every source (fast second start).
monotable_build() {
  local stamp="$MONOTABLE_ROOT/scripts/target/classpath.txt"
  if [[ -f "$stamp" && -z "${MONOTABLE_REBUILD:-}" ]] \
     && [[ -z "$(find "$MONOTABLE_ROOT"/shared/*/src/main "$MONOTABLE_ROOT"/functions/*/src/main "$MONOTABLE_ROOT/bench/src/main" \
                     "$MONOTABLE_ROOT"/*/pom.xml "$MONOTABLE_ROOT"/*/*/pom.xml "$MONOTABLE_ROOT/pom.xml" \
                     -newer "$stamp" -print -quit 2>/dev/null)" ]]; then
    return 0
  fi
  # Said on stderr, so $(scripts/token alice) still captures only the token.
  if [[ -f "$stamp" ]]; then
    echo "sources changed: rebuilding the scripts module (mvn -q package -pl scripts -am, usually 15-40 s)..." >&2
  else
    echo "first run: building the kit, the domains and scripts with Maven (mvn -q package -pl scripts -am)." >&2
    echo "This takes about 30-90 s (longer if Maven must download dependencies); later runs start at once." >&2
  fi
  local started=$SECONDS
  local build_log
  # Maven's output is shown only when the build fails (quiet mode still prints colour resets).
  if ! build_log="$(mvn -B -q -f "$MONOTABLE_ROOT/pom.xml" -DskipTests package -pl scripts -am 2>&1)"; then
    printf '%s\n' "$build_log" >&2
    echo "error: the build failed (Maven's output above); fix it, or run mvn -B -DskipTests package -pl scripts -am" >&2
    return 1
  fi
  # build-classpath leaves an unchanged classpath.txt untouched: refresh the stamp, or every run rebuilds.
  touch "$stamp"
  echo "built in $((SECONDS - started)) s" >&2
}

# Java 25 for the scripts' JVMs when this machine has one (MONOTABLE_JAVA25 names it; MONOTABLE_AOT=off
# keeps every script on the java of PATH): its ahead-of-time cache starts them in about 0.6-0.65x
# the time (docs/performance-levers.md, section 6). Prints the java to use, or nothing.
monotable_java25() {
  [[ "${MONOTABLE_AOT:-on}" == "off" ]] && return 0
  local candidate
  for candidate in "${MONOTABLE_JAVA25:-}" /usr/lib/jvm/temurin-25-jdk-amd64/bin/java /usr/lib/jvm/java-25-*/bin/java; do
    if [[ -n "$candidate" && -x "$candidate" ]]; then
      printf '%s\n' "$candidate"
      return 0
    fi
  done
}

# monotable_java <main class> [args...]: runs a main class of the scripts module from the repository root
# (MONOTABLE_STAY=1: from the caller's directory, for a tool whose paths are the caller's).
#
# On Java 25 each main class gets an AOT cache in scripts/target/aot/ (rebuilt with the module):
# the first run after a build records which classes it loads (-XX:AOTMode=record, one line on
# stderr), the next one assembles the cache from that record (a few seconds, once, output dropped)
# and every later run starts with it (-XX:AOTCache). The JVM writes a cache only when every class
# path entry is a jar, so these runs take the module's jar instead of target/classes.
# DisplayVMOutputToStderr keeps the JVM's own messages out of stdout ($(scripts/token alice)).
monotable_java() {
  local main="$1"; shift
  monotable_help "$@"
  # A class path given (the tests that run these scripts, inside a build): no build, no AOT cache.
  if [[ -n "${MONOTABLE_CLASSPATH:-}" ]]; then
    [[ -n "${MONOTABLE_STAY:-}" ]] || cd "$MONOTABLE_ROOT"
    exec java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp "$MONOTABLE_CLASSPATH" "$main" "$@"
  fi
  monotable_build
  local deps stamp java25
  stamp="$MONOTABLE_ROOT/scripts/target/classpath.txt"
  deps="$(cat "$stamp")"
  [[ -n "${MONOTABLE_STAY:-}" ]] || cd "$MONOTABLE_ROOT"
  java25="$(monotable_java25)"
  local jar=""
  if [[ -n "$java25" ]]; then
    jar="$(ls "$MONOTABLE_ROOT"/scripts/target/monotable-scripts-*.jar 2>/dev/null | grep -v -- '-tests\.jar$' | head -n 1 || true)"
  fi
  # No Java 25, no jar, or classes compiled after it (an IDE's build): the folder, as before.
  if [[ -z "$jar" || -n "$(find "$MONOTABLE_ROOT/scripts/target/classes" -newer "$jar" -print -quit 2>/dev/null)" ]]; then
    exec java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp "$MONOTABLE_ROOT/scripts/target/classes:$deps" "$main" "$@"
  fi
  local cp="$jar:$deps" dir="$MONOTABLE_ROOT/scripts/target/aot"
  local cache="$dir/$main.aot" flags=(-XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:+DisplayVMOutputToStderr
    -Xlog:disable -Xlog:all=warning:stderr -Xlog:aot=error:stderr -Xlog:cds=error:stderr)
  mkdir -p "$dir"
  if [[ -f "$cache" && "$cache" -nt "$stamp" && "$cache" -nt "$jar" ]]; then
    exec "$java25" "${flags[@]}" -XX:AOTCache="$cache" -cp "$cp" "$main" "$@"
  fi
  local record
  record="$(ls -t "$dir/$main".aotconf.* 2>/dev/null | head -n 1 || true)"
  if [[ -n "$record" && "$record" -nt "$stamp" && "$record" -nt "$jar" ]]; then
    # Assembled under a name of this process, then moved: scripts running side by side never read half a cache.
    if "$java25" "${flags[@]}" -XX:AOTMode=create -XX:AOTConfiguration="$record" -XX:AOTCache="$cache.$$" \
        -cp "$cp" >/dev/null 2>&1; then
      mv -f "$cache.$$" "$cache"
      rm -f "$dir/$main".aotconf.*
      exec "$java25" "${flags[@]}" -XX:AOTCache="$cache" -cp "$cp" "$main" "$@"
    fi
    rm -f "$cache.$$" "$record"
  fi
  exec "$java25" "${flags[@]}" -XX:AOTMode=record -XX:AOTConfiguration="$dir/$main.aotconf.$$" -cp "$cp" "$main" "$@"
}

# Shared by the scripts/* entry points: build the scripts module (and what it depends on) with
# Maven and run one of its main classes. Sourced, not executed.
set -euo pipefail

MONOTABLE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# Builds quietly unless the classes are newer than every source (fast second start).
monotable_build() {
  local stamp="$MONOTABLE_ROOT/scripts/target/classpath.txt"
  if [[ -f "$stamp" && -z "${MONOTABLE_REBUILD:-}" ]] \
     && [[ -z "$(find "$MONOTABLE_ROOT/shared/src/main" "$MONOTABLE_ROOT/shared/dev/src/main" \
                     "$MONOTABLE_ROOT/scripts/local-engine/src/main" "$MONOTABLE_ROOT/functions/src/main" \
                     "$MONOTABLE_ROOT/scripts/src/main" "$MONOTABLE_ROOT/bench/src/main" \
                     "$MONOTABLE_ROOT"/*/pom.xml "$MONOTABLE_ROOT"/*/*/pom.xml "$MONOTABLE_ROOT/pom.xml" \
                     -newer "$stamp" -print -quit 2>/dev/null)" ]]; then
    return 0
  fi
  # Said on stderr, so $(scripts/token alice) still captures only the token.
  if [[ -f "$stamp" ]]; then
    echo "sources changed: rebuilding the scripts module (mvn -q package -pl scripts -am, usually 15-40 s)..." >&2
  else
    echo "first run: building shared, functions and scripts with Maven (mvn -q package -pl scripts -am)." >&2
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

# monotable_java <main class> [args...]: runs a main class of the scripts module from the repository root.
monotable_java() {
  local main="$1"; shift
  monotable_build
  local cp="$MONOTABLE_ROOT/scripts/target/classes:$(cat "$MONOTABLE_ROOT/scripts/target/classpath.txt")"
  cd "$MONOTABLE_ROOT"
  exec java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp "$cp" "$main" "$@"
}

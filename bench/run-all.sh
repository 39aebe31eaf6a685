#!/usr/bin/env bash
# Runs every benchmark script in bench/ (long: minutes to hours for matches
# and solves). `make bench` runs the set-up and builds the site first.
# Each benchmark runs in a process group of its own; when it ends, whatever
# it left running (a static server, a browser, mpirun ranks) is stopped. Its
# stderr goes to build/bench-logs/<name>.err; a benchmark that fails is
# named with its exit code and the first line of that log that names an
# error (else its last line), cut to one screen line, and the next one runs.
set -uo pipefail
cd "$(dirname "$0")/.."
logs=build/bench-logs
mkdir -p "$logs"
failed=()
# The line of a log most likely to say why: the first error, else the last line.
cause() {
  local line
  line=$(grep -m1 -iE 'error|cannot|not found|no such|missing|refused|mismatch' "$1" || true)
  [ -n "$line" ] || line=$(tail -n 1 "$1")
  printf '%s' "${line:0:200}"
}
for b in bench/*.sh; do
  [ "$b" = bench/run-all.sh ] && continue
  name=$(basename "$b" .sh)
  echo "######## $b"
  setsid bash "$b" 2> "$logs/$name.err" &
  pid=$!
  wait "$pid"
  rc=$?
  kill -TERM -- "-$pid" 2>/dev/null && sleep 1 && kill -KILL -- "-$pid" 2>/dev/null
  if [ "$rc" -ne 0 ]; then
    echo "$b FAILED (exit $rc): $(cause "$logs/$name.err")  [log: $logs/$name.err]"
    failed+=("$b")
  elif [ -s "$logs/$name.err" ]; then
    cat "$logs/$name.err"
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "${#failed[@]} benchmark(s) failed: ${failed[*]}"
  exit 1
fi

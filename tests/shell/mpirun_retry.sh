#!/usr/bin/env bash
# scripts/mpirun.sh retries exactly Open MPI's "PID 0 ... exiting improperly"
# launcher race, once, and passes every other failure through. A fake
# mpirun on PATH plays the launcher.
set -uo pipefail
src="${ZERTZ_SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# The fake fails the way $tmp/mode says for its first run, then succeeds.
cat > "$tmp/mpirun" <<'FAKE'
#!/usr/bin/env bash
n=$(cat "$FAKE_DIR/runs" 2>/dev/null || echo 0); echo $((n + 1)) > "$FAKE_DIR/runs"
echo "run $((n + 1)): $*"
if [ "$n" = 0 ] || [ "$(cat "$FAKE_DIR/mode")" = always ]; then
  case "$(cat "$FAKE_DIR/mode")" in
    race|always) echo "mpirun has exited due to process rank 1 with PID 0 on" >&2
                 echo "node vm exiting improperly. There are three reasons this could occur:" >&2; exit 1 ;;
    killed) echo "mpirun noticed that process rank 1 with PID 4242 on node vm exited on signal 9 (Killed)." >&2; exit 137 ;;
    usage) echo "zertz-solve: bad or incomplete option '--x'" >&2; exit 2 ;;
  esac
fi
exit 0
FAKE
chmod +x "$tmp/mpirun"
export FAKE_DIR="$tmp" PATH="$tmp:$PATH"
try() { rm -f "$tmp/runs"; echo "$1" > "$tmp/mode"; "$src/scripts/mpirun.sh" -np 2 solver --x > "$tmp/out" 2> "$tmp/err"; }

try race; rc=$?
[ $rc = 0 ] && [ "$(cat "$tmp/runs")" = 2 ] || fail "the PID 0 race is run again and succeeds: exit $rc, runs $(cat "$tmp/runs")"
grep -q "ompi#7833" "$tmp/err" || fail "the retry is announced: $(cat "$tmp/err")"
grep -q "run 2: -np 2 solver --x" "$tmp/out" || fail "the same command runs again: $(cat "$tmp/out")"
try always; rc=$?
[ $rc = 1 ] && [ "$(cat "$tmp/runs")" = 2 ] || fail "only one retry: exit $rc, runs $(cat "$tmp/runs")"
try killed; rc=$?
[ $rc = 137 ] && [ "$(cat "$tmp/runs")" = 1 ] || fail "a killed rank is not retried: exit $rc, runs $(cat "$tmp/runs")"
try usage; rc=$?
[ $rc = 2 ] && [ "$(cat "$tmp/runs")" = 1 ] && grep -q "bad or incomplete option" "$tmp/err" ||
  fail "other failures pass through with their message: exit $rc"
echo "mpirun_retry: OK"

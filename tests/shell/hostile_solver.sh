#!/usr/bin/env bash
# Solver faults (blitz tables up to 3 rings, 2 ranks under mpirun):
#   * a rank killed with SIGKILL at random moments: mpirun ends the job with
#     a message about the failed rank (it names the rank and the signal,
#     except when the kill lands while the ranks are still starting: then
#     Open MPI prints only that a process returned a non-zero exit code and
#     the job was aborted), and --resume finishes with tables
#     bit-identical to an uninterrupted run (2 kills from outside, 2 from the
#     solver's own --crash-after hook at random steps);
#   * a flipped byte in a checkpoint file (a finished shape, or the run
#     manifest): --resume notices it and the tables are still bit-identical;
#   * an output directory that cannot be created: a clear error naming it,
#     non-zero exit, no hang;
#   * a full disk (a 400 KB tmpfs, when this user may mount one): a clear
#     "cannot write" error; the finished levels survive, and --resume on a
#     roomier copy completes bit-identically.
# Longer variants (more kills, bigger tables): bench/hostile-solver.sh.
set -uo pipefail
bin=${ZERTZ_BIN:?ZERTZ_BIN must point to the zertz binary}
solve=${ZERTZ_SOLVE_BIN:-${ZERTZ_BUILD_DIR:-$(dirname "$bin")}/zertz-solve}
. "$(dirname "$0")/lib/require.sh"
require_exe "$bin" "build the zertz target: make native"
require_exe "$solve" "the zertz-solve target, built when MPI and Boost.Serialization are found"
require_cmd mpirun -- "Debian: openmpi-bin"
require_cmd python3 -- "Debian: python3"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
rings=${HOSTILE_RINGS:-3}
kills=${HOSTILE_KILLS:-2}
tmp=$(mktemp -d)
mnt=""
cleanup() { [ -n "$mnt" ] && umount "$mnt" 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT
fail=0
bad() { echo "FAIL $*"; fail=1; }
solver() { timeout 300 mpirun --oversubscribe -np 2 "$solve" --marbles blitz --rings "$rings" "$@"; }
tables() { (cd "$1" && sha256sum blitz-*.wdl blitz-*.dtm blitz.json 2>/dev/null); }
RANDOM=$$  # different kill points every run; each run prints them

# A pause after each shape (the --step-delay hook; values unchanged) keeps
# the small solve running long enough that a kill lands inside it, not in
# the last moments after the ranks' work is done. The reference is timed
# with the same pause.
pause=(--step-delay 150)
t0=$(date +%s.%N)
solver --out "$tmp/ref" "${pause[@]}" > "$tmp/ref.log" 2>&1 || { cat "$tmp/ref.log"; echo "FAIL: reference solve"; exit 1; }
ref_secs=$(echo "$(date +%s.%N) - $t0" | bc)
tables "$tmp/ref" > "$tmp/ref.sum"
[ "$(wc -l < "$tmp/ref.sum")" = $((2 * rings + 1)) ] || bad "reference run wrote $(wc -l < "$tmp/ref.sum") files"
echo "ok   reference: $rings-ring blitz tables in ${ref_secs%.*} s"

# resume_check NAME DIR: --resume to the end, then compare with the reference.
resume_check() {
  local name=$1 dir=$2
  if ! solver --out "$dir" --resume > "$tmp/resume.log" 2>&1; then
    bad "$name: --resume failed: $(tail -3 "$tmp/resume.log")"; return
  fi
  local from
  from=$(grep -o 'resuming at level.*' "$tmp/resume.log" || echo "from the start (no checkpoint yet)")
  if tables "$dir" | cmp -s - "$tmp/ref.sum"; then
    echo "ok   $name: resumed $from; tables bit-identical"
  else
    bad "$name: tables after --resume differ from the uninterrupted run"; tables "$dir" | diff - "$tmp/ref.sum"
  fi
}

# ---- SIGKILL from outside at a random moment, to a random rank ----
done_kills=0 attempts=0
while [ "$done_kills" -lt "$kills" ] && [ "$attempts" -lt $((kills * 4)) ]; do
  attempts=$((attempts + 1))
  dir=$tmp/kill$attempts
  # Somewhere in the first 90% of a normal run; every finished shape is a checkpoint.
  # ($RANDOM read here: inside $(...) a subshell would repeat the same value)
  r=$((RANDOM % 80))
  delay=$(echo "scale=2; $ref_secs * ($r + 10) / 100" | bc)
  victim=$((RANDOM % 2))
  solver --out "$dir" "${pause[@]}" > "$tmp/kill.log" 2>&1 &
  mp=$!
  sleep "$delay"
  # The ranks (not timeout or mpirun): command lines starting with the solver.
  pids=($(pgrep -f "^$solve .*--out $dir( |$)" | sort -n))
  if [ "${#pids[@]}" != 2 ]; then wait "$mp"; continue; fi  # finished (or not started): try again
  # A rank gone between pgrep and kill: the solve ended first, try again.
  if ! kill -9 "${pids[$victim]}" 2>/dev/null; then wait "$mp"; continue; fi
  wait "$mp"; rc=$?
  # Exit 0 is right only when the kill came after the rank's work was done
  # (past MPI_Finalize): then every table is written and equal to the
  # reference. Exit 0 with anything else would be silent loss.
  if [ "$rc" = 0 ]; then
    tables "$dir" | cmp -s - "$tmp/ref.sum" || bad "kill at ${delay}s: mpirun exited 0 but the tables are incomplete or differ"
    continue
  fi
  message=$(grep -o -m1 -E 'process rank [0-9]+ .*exited on signal 9 \(Killed\)' "$tmp/kill.log" ||
    grep -o -m1 'but 1 process returned' "$tmp/kill.log")
  [ -n "$message" ] ||
    bad "kill at ${delay}s: no message about the killed rank: $(tail -5 "$tmp/kill.log")"
  done_kills=$((done_kills + 1))
  echo "     rank $victim killed after ${delay}s; mpirun exit $rc: $message"
  resume_check "SIGKILL of rank $victim after ${delay}s" "$dir"
done
[ "$done_kills" = "$kills" ] || bad "only $done_kills of $kills kills landed before the solve ended"

# ---- the solver's own SIGKILL hook, at random steps ----
# The deal is dynamic, so one rank's count differs run to run; but the
# busier rank always solves at least half of all shapes (the level-summary
# lines give each level's count), so a step up to half of them is reached.
steps=$(awk '/^level-summary:/ { for (i = 1; i < NF; i++) if ($i == "shapes") n += $(i + 1) } END { print n + 0 }' "$tmp/ref.log")
[ "$steps" -ge 2 ] || bad "reference run: $steps shapes in its progress lines"
for i in 1 2; do
  at=$((1 + RANDOM % ((steps + 1) / 2)))
  solver --out "$tmp/hook$i" --crash-after "$at" > "$tmp/hook.log" 2>&1; rc=$?
  [ "$rc" != 0 ] && grep -q "induced crash after $at steps" "$tmp/hook.log" ||
    bad "--crash-after $at: exit $rc, $(tail -2 "$tmp/hook.log")"
  resume_check "--crash-after $at (of $steps shapes, 2 ranks)" "$tmp/hook$i"
done

# ---- a damaged checkpoint: one byte flipped in a finished shape's file or
# in the run manifest; --resume must notice (solve the shape again, or start
# over) and still write bit-identical tables ----
# Static deal: rank 0 solves one shape of each of levels 1..N-1, so its
# N-th shape is in the last level, after the lower levels finished.
at=$rings
solver --out "$tmp/ck" --deal static --crash-after "$at" > /dev/null 2>&1
for victim in shape manifest; do
  rm -rf "$tmp/ck2"; cp -r "$tmp/ck" "$tmp/ck2"
  if [ "$victim" = manifest ]; then
    f=$tmp/ck2/checkpoint/manifest.txt
  else
    f=$(ls "$tmp/ck2/checkpoint/L$((rings - 1))/"S*.bin 2>/dev/null | tail -1)
  fi
  [ -n "$f" ] && [ -s "$f" ] || { bad "no checkpoint file to damage ($victim) after --crash-after $at"; continue; }
  python3 -c "import sys; p = sys.argv[1]; d = bytearray(open(p, 'rb').read()); d[len(d) // 2] ^= 8; open(p, 'wb').write(d)" "$f"
  resume_check "checkpoint $(basename "$f") with a flipped byte" "$tmp/ck2"
done

# ---- an output directory that cannot be created ----
touch "$tmp/plainfile"
for out in "$tmp/plainfile/tables" /proc/zertz-tables; do
  solver --out "$out" --quiet > "$tmp/unwritable.log" 2>&1; rc=$?
  if [ "$rc" = 0 ] || [ "$rc" = 124 ]; then bad "--out $out: exit $rc"
  elif ! grep -q "zertz-solve: .*$out" "$tmp/unwritable.log"; then bad "--out $out: the error does not name it: $(head -3 "$tmp/unwritable.log")"
  else echo "ok   --out $out: exit $rc, $(grep -m1 'zertz-solve: ' "$tmp/unwritable.log")"; fi
done

# ---- a full disk ----
mkdir -p "$tmp/mnt"
if mount -t tmpfs -o size=400k tmpfs "$tmp/mnt" 2>/dev/null; then
  mnt=$tmp/mnt
  solver --out "$mnt/t" --quiet > "$tmp/full.log" 2>&1; rc=$?
  if [ "$rc" = 0 ]; then
    bad "full disk: the solve succeeded in 400 KB (make the tmpfs smaller)"
  else
    grep -q -E "zertz-solve: .*(cannot write|No space)" "$tmp/full.log" ||
      bad "full disk: no clear error: $(head -3 "$tmp/full.log")"
    echo "ok   full disk: exit $rc, $(grep -m1 'zertz-solve: ' "$tmp/full.log")"
    cp -r "$mnt/t" "$tmp/full-copy"
    resume_check "full disk, then --resume with room" "$tmp/full-copy"
  fi
else
  echo "skip full disk: cannot mount a tmpfs here (needs root)"
fi
exit $fail

#!/usr/bin/env bash
# Checkpoint and restart: a solve killed (SIGKILL, --crash-after) in the
# middle of its last level resumes with --resume and writes tables
# bit-identical to an uninterrupted run, for 1 and 2 ranks.
set -euo pipefail
build=${ZERTZ_BUILD_DIR:?}
solve=$build/zertz-solve
[ -x "$solve" ] || { echo "FAIL: $solve not built (needs MPI + Boost.Serialization)"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mpirun="${ZERTZ_SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}/scripts/mpirun.sh"  # mpirun, retried once on Open MPI's PID-0 race
run() { "$mpirun" --oversubscribe --mca mpi_yield_when_idle 1 -np "$1" "$solve" "${@:2}"; }

run 1 --quiet --marbles standard --rings 3 --out "$tmp/ref" > /dev/null
for k in 1 2; do
  # Steps are waves and sweeps; level 3 starts after about 95 of them.
  if run "$k" --marbles standard --rings 3 --out "$tmp/r$k" --checkpoint-every 0 --crash-after 120 \
      > "$tmp/crash$k.log" 2>&1; then
    echo "FAIL: the induced crash did not happen"; exit 1
  fi
  grep -q "induced crash" "$tmp/crash$k.log" || { cat "$tmp/crash$k.log"; echo "FAIL: no crash message"; exit 1; }
  [ ! -e "$tmp/r$k/standard-3.dtm" ] || { echo "FAIL: tables written before the crash"; exit 1; }
  run "$k" --marbles standard --rings 3 --out "$tmp/r$k" --resume > "$tmp/resume$k.log"
  grep -q "resuming at level 3" "$tmp/resume$k.log" || { cat "$tmp/resume$k.log"; echo "FAIL: did not resume inside level 3"; exit 1; }
  for f in "$tmp"/ref/*.wdl "$tmp"/ref/*.dtm; do
    cmp "$f" "$tmp/r$k/$(basename "$f")" || { echo "FAIL: $(basename "$f") differs after resume ($k ranks)"; exit 1; }
  done
done
# A damaged checkpoint (a finished level's file) is not trusted: the resume
# starts over and still writes the same tables.
run 1 --marbles standard --rings 3 --out "$tmp/bad" --checkpoint-every 0 --crash-after 120 > /dev/null 2>&1 || true
f=$(ls "$tmp"/bad/checkpoint/*-L2.bin)
printf '\x07' | dd of="$f" bs=1 seek=100 conv=notrunc status=none
run 1 --marbles standard --rings 3 --out "$tmp/bad" --resume > "$tmp/bad.log" 2>&1
grep -q "no usable checkpoint" "$tmp/bad.log" || { cat "$tmp/bad.log"; echo "FAIL: damaged checkpoint was used"; exit 1; }
cmp "$tmp/ref/standard-3.dtm" "$tmp/bad/standard-3.dtm"
# A resume with no checkpoint starts over and still gives the same tables.
run 1 --quiet --marbles standard --rings 3 --out "$tmp/fresh" --resume > /dev/null 2>&1
cmp "$tmp/ref/standard-3.dtm" "$tmp/fresh/standard-3.dtm"
echo "solver_resume: OK"

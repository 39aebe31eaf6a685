#!/usr/bin/env bash
# How much of the 1 -> 2 ranks loss is the machine's? The same solve four
# ways, back to back: alone on core 0, two independent 1-rank copies at once
# (cores 0 and 1, sharing nothing but the hardware), 2 ranks, alone on core 1.
# If two copies that never talk slow each other down as much as 2 ranks lose,
# the loss is the cores' shared caches and memory, not the solver's deal.
#   ceiling  = mean(alone) / mean(two copies)   the best 2-rank efficiency this machine allows
#   measured = mean(alone) / (2 * wall(2 ranks))
#   relative = measured / ceiling                the solver's own share
# On a shared machine give the run's session priority (see bench/solver.sh);
# the idle core of an "alone" run is then still free for other sessions' jobs.
# With a shape range A:B, levels 1..N-1 are solved once (not timed) and each
# of the four runs solves only shapes A..B-1 of level N from a copy of them
# (`--level N --shapes A:B`, no tables written): the top level's solving, in
# minutes instead of the whole solve's half hour at N=6. Its times are wall
# times of mpirun, start-up included.
# Usage: bench/solver-contention.sh [blitz|standard] [N] [A:B]   (default: blitz 5, the whole solve)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/solver-lib.sh
set_=${1:-blitz}
n=${2:-5}
slice=${3:-}
solve=$(find_solve bench/solver-contention.sh)
[ "$(nproc)" -ge 2 ] || { echo "bench/solver-contention.sh: needs 2 cores, this machine has $(nproc)" >&2; exit 1; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
args=(--marbles "$set_" --rings "$n")
if [ -n "$slice" ]; then
  mpirun --oversubscribe -np 2 "$solve" "${args[@]}" --out "$tmp/lower" --stop-after-level "$((n - 1))" --quiet
  args+=(--level "$n" --shapes "$slice" --quiet)
fi

# timed_solve OUT MPIRUN-ARGS...: prints the wall seconds of one solve (its summary
# line's; for a slice, mpirun's).
timed_solve() {
  local out=$1 t0 line
  shift
  [ -n "$slice" ] && cp -r "$tmp/lower" "$out"
  t0=$(date +%s.%N)
  line=$(mpirun "$@" "$solve" "${args[@]}" --out "$out" | grep '^summary:' || true)
  if [ -n "$slice" ]; then echo "$(date +%s.%N) - $t0" | bc; else field "$line" seconds; fi
}
on_core() { timed_solve "$tmp/$2" --bind-to none -np 1 taskset -c "$1"; }  # core, run name
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
a0=$(on_core 0 a0)
on_core 0 c0 > "$tmp/c0.s" & on_core 1 c1 > "$tmp/c1.s" & wait
c0=$(cat "$tmp/c0.s") c1=$(cat "$tmp/c1.s")
r2=$(timed_solve "$tmp/r2" --oversubscribe --mca mpi_yield_when_idle 1 -np 2)
a1=$(on_core 1 a1)
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
awk -v a0="$a0" -v a1="$a1" -v c0="$c0" -v c1="$c1" -v r2="$r2" -v what="$set_ N=$n${slice:+ level $n shapes $slice}" 'BEGIN{
  alone = (a0 + a1) / 2; copies = (c0 + c1) / 2
  printf "%s: alone %.2f s (core 0) %.2f s (core 1); two copies at once %.2f s, %.2f s; 2 ranks %.2f s\n",
         what, a0, a1, c0, c1, r2
  printf "ceiling (alone / two copies): %.1f%%\n", 100 * alone / copies
  printf "measured 1 -> 2 ranks efficiency: %.1f%%\n", 100 * alone / (2 * r2)
  printf "relative to the ceiling: %.1f%%\n", 100 * (alone / (2 * r2)) / (alone / copies) }'

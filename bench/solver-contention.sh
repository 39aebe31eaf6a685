#!/usr/bin/env bash
# How much of the 1 -> 2 ranks loss is the machine's? The same solve four
# ways, back to back: alone on core 0, two independent 1-rank copies at once
# (cores 0 and 1, sharing nothing but the hardware), 2 ranks, alone on core 1.
# If two copies that never talk slow each other down as much as 2 ranks lose,
# the loss is the cores' shared caches and memory, not the solver's deal.
#   ceiling  = mean(alone) / mean(two copies)   the best 2-rank efficiency this machine allows
#   measured = mean(alone) / (2 * wall(2 ranks))
#   relative = measured / ceiling                the solver's own share
# While one copy runs alone, the other core runs a loop that touches no memory,
# so that on a shared machine other sessions' jobs do not take the idle core
# (with the run's session given priority: see bench/solver.sh) and "alone"
# means what it means on a quiet machine.
# Usage: bench/solver-contention.sh [blitz|standard] [N]   (default: blitz 5)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/solver-lib.sh
set_=${1:-blitz}
n=${2:-5}
solve=$(find_solve bench/solver-contention.sh)
[ "$(nproc)" -ge 2 ] || { echo "bench/solver-contention.sh: needs 2 cores, this machine has $(nproc)" >&2; exit 1; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
tmp=$(mktemp -d)
spinner=
trap '[ -n "$spinner" ] && kill "$spinner"; rm -rf "$tmp"' EXIT

# Wall seconds of one solve (its summary line).
seconds() { field "$(grep '^summary:')" seconds; }
on_core() {  # core, output dir
  mpirun --bind-to none -np 1 taskset -c "$1" "$solve" --marbles "$set_" --rings "$n" --out "$2" | seconds
}
alone() {  # core: the solve on it, a memory-free loop on the other
  taskset -c "$((1 - $1))" bash -c 'while :; do :; done' > /dev/null 2>&1 &
  spinner=$!
  on_core "$1" "$tmp/a$1"
  kill "$spinner" && spinner=
}
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
a0=$(alone 0)
on_core 0 "$tmp/c0" > "$tmp/c0.s" & on_core 1 "$tmp/c1" > "$tmp/c1.s" & wait
c0=$(cat "$tmp/c0.s") c1=$(cat "$tmp/c1.s")
r2=$(mpirun --oversubscribe --mca mpi_yield_when_idle 1 -np 2 "$solve" --marbles "$set_" --rings "$n" \
       --out "$tmp/r2" | seconds)
a1=$(alone 1)
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
awk -v a0="$a0" -v a1="$a1" -v c0="$c0" -v c1="$c1" -v r2="$r2" -v what="$set_ N=$n" 'BEGIN{
  alone = (a0 + a1) / 2; copies = (c0 + c1) / 2
  printf "%s: alone %.2f s (core 0) %.2f s (core 1); two copies at once %.2f s, %.2f s; 2 ranks %.2f s\n",
         what, a0, a1, c0, c1, r2
  printf "ceiling (alone / two copies): %.1f%%\n", 100 * alone / copies
  printf "measured 1 -> 2 ranks efficiency: %.1f%%\n", 100 * alone / (2 * r2)
  printf "relative to the ceiling: %.1f%%\n", 100 * (alone / (2 * r2)) / (alone / copies) }'

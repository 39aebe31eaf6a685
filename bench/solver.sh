#!/usr/bin/env bash
# Solver benchmark: one run on 1 rank and one on 2 ranks of the same table
# set, then the figures the README reports:
#   positions/s per core (table positions / CPU seconds, and / wall seconds
#   per rank), parallel efficiency 1 -> 2 ranks (wall(1) / (2 * wall(2)),
#   and the CPU-time ratio, which is what a shared machine can measure),
#   bytes exchanged per position, peak memory per position, bits per
#   position on disk (WDL and DTM).
# Usage: bench/solver.sh [blitz|standard] [N]   (default: blitz 4)
# Long runs (largest N within an hour):  nice bench/solver.sh blitz 5
set -euo pipefail
cd "$(dirname "$0")/.."
set_=${1:-blitz}
n=${2:-4}
solve=${ZERTZ_SOLVE:-}
for b in build/native/zertz-solve build/solver/zertz-solve; do [ -z "$solve" ] && [ -x "$b" ] && solve=$b; done
[ -n "$solve" ] || { echo "bench/solver.sh: build zertz-solve first (make native)" >&2; exit 1; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

field() { echo "$1" | tr ' ' '\n' | awk -v k="$2" 'prev==k{print; exit} {prev=$0}'; }
declare -A wall cpu
for k in 1 2; do
  log=$(mpirun --oversubscribe --mca mpi_yield_when_idle 1 -np "$k" "$solve" --quiet --marbles "$set_" \
        --rings "$n" --out "$tmp/k$k" --checkpoint-every 1e9)
  s=$(echo "$log" | grep '^summary:')
  t=$(echo "$log" | grep '^tables:')
  wall[$k]=$(field "$s" seconds)
  cpu[$k]=$(field "$s" cpu-seconds)
  echo "ranks $k: $s"
  [ "$k" = 1 ] && echo "$t"
  [ "$k" = 2 ] && for f in "$tmp"/k1/*.wdl "$tmp"/k1/*.dtm; do cmp -s "$f" "$tmp/k2/$(basename "$f")" || echo "WARNING: $(basename "$f") differs"; done
  [ "$k" = 2 ] && bytes=$(field "$s" bytes-exchanged/pos) && mem=$(field "$s" peak-bytes/pos) && wait2=$(field "$s" mpi-wait-seconds)
  [ "$k" = 1 ] && positions=$(field "$s" positions) && pcpu=$(field "$s" pos/cpu-s)
done
echo "--- $set_ up to $n rings: $positions positions"
echo "positions/s per core (CPU time, 1 rank): $pcpu"
awk -v w1="${wall[1]}" -v w2="${wall[2]}" -v c1="${cpu[1]}" -v c2="${cpu[2]}" 'BEGIN{
  printf "parallel efficiency 1->2 ranks: wall %.0f%% (%.2fs vs %.2fs), CPU-time %.0f%% (%.2f vs %.2f cpu-s)\n",
         100*w1/(2*w2), w1, w2, 100*c1/c2, c1, c2 }'
echo "2 ranks: up to $wait2 s of the wall time inside exchange collectives (waiting for the other rank included)"
echo "bytes exchanged per position (2 ranks): $bytes"
echo "peak memory per position (2 ranks, max rank x ranks): $mem bytes"
echo "load average during the run: $(cut -d' ' -f1-3 /proc/loadavg) (2 cores shared)"

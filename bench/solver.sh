#!/usr/bin/env bash
# Solver benchmark: the same table set solved on 1 rank and on 2 ranks, then
# the figures bench/solver.md reports (ratios from this one run):
#   positions per CPU second (table positions / CPU seconds of all ranks),
#   wall-time efficiency 1 -> 2 ranks (wall(1) / (2 * wall(2))) and the
#   CPU-time ratio, peak memory per rank, bytes read from lower levels'
#   shape files per position, bits per position on disk, and per level the
#   rate and the time the ranks waited for each other at its end.
# Usage: bench/solver.sh [blitz|standard] [N] [--deal static|dynamic]   (default: blitz 4)
# Long runs on a shared machine: `nice` does not help against other sessions
# (the kernel shares the CPU between sessions, autogroups); as root, run it in
# its own session and raise that: setsid bench/solver.sh blitz 6 & then
# echo -20 > /proc/$!/autogroup. Compare only back-to-back runs.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/solver-lib.sh
set_=${1:-blitz}
n=${2:-4}
extra=("${@:3}")
solve=$(find_solve bench/solver.sh)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

declare -A wall cpu
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) (2 cores shared)"
for k in 1 2; do
  log=$(mpirun --oversubscribe --mca mpi_yield_when_idle 1 -np "$k" "$solve" --marbles "$set_" \
        --rings "$n" --out "$tmp/k$k" "${extra[@]}" | grep -E '^(summary|tables|level-summary):')
  s=$(echo "$log" | grep '^summary:')
  wall[$k]=$(field "$s" seconds)
  cpu[$k]=$(field "$s" cpu-seconds)
  echo "ranks $k: $s"
  echo "$log" | grep '^level-summary:' | awk '{print "  " $0}'
  [ "$k" = 1 ] && echo "$log" | grep '^tables:' && positions=$(field "$s" positions) && pcpu=$(field "$s" pos/cpu-s) &&
    mem1=$(field "$s" peak-mem/rank) && read1=$(field "$s" read-bytes/pos)
  [ "$k" = 2 ] && mem2=$(field "$s" peak-mem/rank) && read2=$(field "$s" read-bytes/pos)
  [ "$k" = 2 ] && for f in "$tmp"/k1/*.wdl "$tmp"/k1/*.dtm; do cmp -s "$f" "$tmp/k2/$(basename "$f")" || echo "WARNING: $(basename "$f") differs"; done
  echo "load average after $k rank(s): $(cut -d' ' -f1-3 /proc/loadavg)"
done
echo "--- $set_ up to $n rings: $positions positions"
echo "positions per CPU second (1 rank): $pcpu"
awk -v w1="${wall[1]}" -v w2="${wall[2]}" -v c1="${cpu[1]}" -v c2="${cpu[2]}" 'BEGIN{
  printf "efficiency 1->2 ranks: wall %.0f%% (%.2fs vs %.2fs), CPU-time %.0f%% (%.2f vs %.2f cpu-s)\n",
         100*w1/(2*w2), w1, w2, 100*c1/c2, c1, c2 }'
echo "peak memory per rank: $mem1 MiB (1 rank), $mem2 MiB (2 ranks)"
echo "bytes read from shape files per position: $read1 (1 rank), $read2 (2 ranks)"

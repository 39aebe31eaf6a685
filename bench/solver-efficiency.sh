#!/usr/bin/env bash
# The solver's wall-time efficiency from 1 to 2 ranks, measured in R rounds
# that alternate the order (1 then 2 ranks, then 2 then 1, ...), so a slow
# spell of the shared machine or a cold page cache does not always fall on
# the same side. Prints each round's times and efficiency, then the
# efficiency of the median times and the spread of the rounds.
# Every run's tables are compared with the first run's (they must be equal).
# Usage: bench/solver-efficiency.sh [blitz|standard] [N] [R]   (default: blitz 4 3)
# On a shared machine run it in its own session and raise that autogroup
# (see bench/solver.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/solver-lib.sh
set_=${1:-blitz}
n=${2:-4}
rounds=${3:-3}
solve=$(find_solve bench/solver-efficiency.sh)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# solve_wall K: solves with K ranks, checks the tables against the first
# run's, prints the wall seconds.
solve_wall() {
  local k=$1 out="$tmp/run" s f
  rm -rf "$out"
  s=$(mpirun --oversubscribe --mca mpi_yield_when_idle 1 -np "$k" "$solve" --marbles "$set_" \
      --rings "$n" --out "$out" | grep '^summary:')
  if [ -d "$tmp/reference" ]; then
    for f in "$tmp"/reference/*.wdl "$tmp"/reference/*.dtm; do
      cmp -s "$f" "$out/$(basename "$f")" || { echo "tables differ: $(basename "$f") with $k ranks" >&2; exit 1; }
    done
  else
    mkdir "$tmp/reference" && cp "$out"/*.wdl "$out"/*.dtm "$tmp/reference/"
  fi
  field "$s" seconds
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) (2 cores shared)"
w1=() w2=()
for ((r = 1; r <= rounds; ++r)); do
  if ((r % 2)); then a=$(solve_wall 1); b=$(solve_wall 2); else b=$(solve_wall 2); a=$(solve_wall 1); fi
  w1+=("$a") w2+=("$b")
  awk -v r="$r" -v a="$a" -v b="$b" -v o=$((r % 2)) 'BEGIN{
    printf "round %d (%s first): 1 rank %.1f s, 2 ranks %.1f s, efficiency %.0f%%\n", r, o ? "1 rank" : "2 ranks", a, b, 100*a/(2*b) }'
  echo "  load average: $(cut -d' ' -f1-3 /proc/loadavg)"
done
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END{print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
m1=$(median "${w1[@]}")
m2=$(median "${w2[@]}")
spread() { printf '%s\n' "$@" | sort -g | awk 'NR==1{lo=$1} {hi=$1} END{printf "%.1f..%.1f s (%.0f%%)", lo, hi, 100*(hi-lo)/lo}'; }
echo "--- $set_ up to $n rings, $rounds rounds; every run's tables equal"
echo "1 rank: median $m1 s, range $(spread "${w1[@]}")"
echo "2 ranks: median $m2 s, range $(spread "${w2[@]}")"
awk -v a="$m1" -v b="$m2" 'BEGIN{printf "efficiency 1->2 ranks of the medians: %.0f%%\n", 100*a/(2*b)}'

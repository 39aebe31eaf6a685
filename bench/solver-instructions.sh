#!/usr/bin/env bash
# Instructions per position, counted by valgrind (callgrind), so the figure
# does not depend on the load of a shared machine. Two workloads:
#   solver: one level-5 shape of blitz N=5 (`--level 5 --shapes 0:1`), from
#           levels 1-4 solved beforehand (not counted); only
#           ShapeSolver::solve is counted, divided by the shape's positions;
#   engine: `zertz bench 3` (perft, playouts, search: the bench signature),
#           whole program, divided by its search nodes.
# Usage: bench/solver-instructions.sh [build dir]   (default build/native)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build/native}
command -v valgrind >/dev/null || { echo "bench/solver-instructions.sh: needs valgrind" >&2; exit 1; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
collected() { grep -o 'Collected : [0-9]*' "$1" | awk '{print $3}'; }

"$dir/zertz-solve" --marbles blitz --rings 5 --out "$tmp/t" --stop-after-level 4 --keep-checkpoints >/dev/null
valgrind --tool=callgrind --callgrind-out-file="$tmp/solve.cg" --toggle-collect='zertz::solver::ShapeSolver::solve*' \
  "$dir/zertz-solve" --marbles blitz --rings 5 --out "$tmp/t" --level 5 --shapes 0:1 >"$tmp/solve.out" 2>"$tmp/solve.err"
grep -q 'shapes 0..0 of 38 solved' "$tmp/solve.out" || { echo "solver run failed" >&2; cat "$tmp/solve.out" >&2; exit 1; }
ir=$(collected "$tmp/solve.err")
positions=3201040  # S(5) of blitz: every level-5 shape's size (a full run's level-summary shape-size)
echo "solver: blitz N=5, level 5, shape 0: $positions positions, $ir Ir in ShapeSolver::solve," \
     "$(awk -v i="$ir" -v p="$positions" 'BEGIN{printf "%.0f", i/p}') Ir per position"

valgrind --tool=callgrind --callgrind-out-file="$tmp/bench.cg" "$dir/zertz" bench 3 >"$tmp/bench.out" 2>"$tmp/bench.err"
ir=$(collected "$tmp/bench.err")
signature=$(grep '^perft' "$tmp/bench.out" || true)
nodes=$(echo "$signature" | awk '{print $NF}')
echo "engine: zertz bench 3: $ir Ir, $(awk -v i="$ir" -v n="$nodes" 'BEGIN{printf "%.0f", i/n}') Ir per search node"
echo "signature: $signature"

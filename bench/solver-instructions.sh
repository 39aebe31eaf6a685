#!/usr/bin/env bash
# Instructions per position, counted by valgrind (callgrind), so the figure
# does not depend on the load of a shared machine. Two workloads:
#   solver: one level-5 shape of blitz N=5 (`--level 5 --shapes 0:1`), from
#           levels 1-4 solved beforehand (not counted); only
#           ShapeSolver::solve is counted, divided by the shape's positions;
#   engine: `zertz bench 3` (perft, playouts, search: the bench signature),
#           whole program, divided by its search nodes.
# Usage: bench/solver-instructions.sh [build dir ...]   (default build/native)
# With several build dirs (e.g. a baseline and a candidate) every one is
# measured in this run, and the ratios to the first are printed.
set -euo pipefail
cd "$(dirname "$0")/.."
dirs=("$@")
[ ${#dirs[@]} -gt 0 ] || dirs=(build/native)
command -v valgrind >/dev/null || { echo "bench/solver-instructions.sh: needs valgrind" >&2; exit 1; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# ZERTZ_CALLGRIND_DIR=DIR keeps the callgrind files there (callgrind_annotate).
if [ -n "${ZERTZ_CALLGRIND_DIR:-}" ]; then
  tmp=$ZERTZ_CALLGRIND_DIR
  mkdir -p "$tmp"
else
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
fi
collected() { grep -o 'Collected : [0-9]*' "$1" | awk '{print $3}'; }
positions=3201040  # S(5) of blitz: every level-5 shape's size (a full run's level-summary shape-size)
declare -a solveIr benchIr
for k in "${!dirs[@]}"; do
  dir=${dirs[$k]}
  out="$tmp/$k"
  mkdir -p "$out"
  "$dir/zertz-solve" --marbles blitz --rings 5 --out "$out/t" --stop-after-level 4 --keep-checkpoints >/dev/null
  valgrind --tool=callgrind --callgrind-out-file="$out/solve.cg" --toggle-collect='zertz::solver::ShapeSolver::solve*' \
    "$dir/zertz-solve" --marbles blitz --rings 5 --out "$out/t" --level 5 --shapes 0:1 >"$out/solve.out" 2>"$out/solve.err"
  grep -q 'shapes 0..0 of 38 solved' "$out/solve.out" || { echo "solver run failed" >&2; cat "$out/solve.out" >&2; exit 1; }
  solveIr[$k]=$(collected "$out/solve.err")
  echo "$dir: solver: blitz N=5, level 5, shape 0: $positions positions, ${solveIr[$k]} Ir in ShapeSolver::solve," \
       "$(awk -v i="${solveIr[$k]}" -v p="$positions" 'BEGIN{printf "%.0f", i/p}') Ir per position"
  cmp -s "$out/t/checkpoint/L5/S0.bin" "$tmp/0/t/checkpoint/L5/S0.bin" || echo "WARNING: $dir: shape 0's values differ from ${dirs[0]}'s"

  valgrind --tool=callgrind --callgrind-out-file="$out/bench.cg" "$dir/zertz" bench 3 >"$out/bench.out" 2>"$out/bench.err"
  benchIr[$k]=$(collected "$out/bench.err")
  signature=$(grep '^perft' "$out/bench.out" || true)
  nodes=$(echo "$signature" | sed -E 's/.* search ([0-9]+).*/\1/')
  echo "$dir: engine: zertz bench 3: ${benchIr[$k]} Ir, $(awk -v i="${benchIr[$k]}" -v n="$nodes" 'BEGIN{printf "%.0f", i/n}') Ir per search node"
  echo "$dir: signature: $signature"
done
for k in "${!dirs[@]}"; do
  [ "$k" = 0 ] && continue
  awk -v d="${dirs[$k]}" -v b="${dirs[0]}" -v s0="${solveIr[0]}" -v s1="${solveIr[$k]}" -v e0="${benchIr[0]}" -v e1="${benchIr[$k]}" \
    'BEGIN{printf "%s / %s: solver Ir %.3f, engine Ir %.3f\n", d, b, s1/s0, e1/e0}'
done

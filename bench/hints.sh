#!/usr/bin/env bash
# Benchmark for issue 7: over the human-vs-human games in ../shared/records,
# the share of positions in the last 6 / 12 / 20 plies whose exact value the
# proof search proves within the budget, split by whether a table leaf was
# used, for all sampled games and for those that end by the rules.
#   bench/hints.sh [--time MS] [--nodes N] [--games N] [--tables DIR|URL]
# --nodes adds a node budget (with a long --time: figures independent of the
# machine's load, for comparing changes).
# Defaults: 1000 ms per position (the browser's hint budget), 40 games spread
# over the whole collection. Native timing; wasm runs about 1.3x slower
# (issue 3's ratio), so the native 1 s figure is an upper bound for wasm 1 s
# -- use --time 770 for the wasm-equivalent budget.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${ZERTZ_BIN:-build/native/zertz}"
records="${ZERTZ_RECORDS_DIR:-../shared/records}"
time_ms=1000 games=40 tables=() nodes=()
while [ $# -gt 0 ]; do
  case "$1" in
    --time) time_ms="$2"; shift 2 ;;
    --games) games="$2"; shift 2 ;;
    --nodes) nodes=(--nodes "$2"); shift 2 ;;
    --tables) tables=(--tables "$2"); shift 2 ;;
    *) echo "bench/hints.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[ -x "$bin" ] || { echo "bench/hints.sh: $bin not built" >&2; exit 2; }
echo "bench/hints.sh: $bin solve-records --time $time_ms ${nodes[*]} --games $games ${tables[*]} $records (machine: $(nproc) cores)"
"$bin" solve-records --time "$time_ms" "${nodes[@]}" --games "$games" "${tables[@]}" "$records"

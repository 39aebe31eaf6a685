#!/usr/bin/env bash
# Game review benchmark: over the hints benchmark's 40-game sample of
# human-vs-human games (zertz review-games = solve-records' sample, whole
# games), the browser's review in wasm under node (bench/review_wasm.js):
# seconds per game at the page's default budget (400 ms per position, one
# hint worker) and the share of decided games in which the review finds a
# decisive error. Figures: bench/review.md.
#   bench/review.sh [--time MS] [--games N]
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${ZERTZ_BIN:-build/native/zertz}"
records="${ZERTZ_RECORDS_DIR:-../shared/records}"
js="${ZERTZ_WASM_JS:-build/wasm/zertz.js}"
time_ms=400 games=40
while [ $# -gt 0 ]; do
  case "$1" in
    --time) time_ms="$2"; shift 2 ;;
    --games) games="$2"; shift 2 ;;
    *) echo "bench/review.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[ -x "$bin" ] || { echo "bench/review.sh: $bin not built" >&2; exit 2; }
[ -f "$js" ] || { echo "bench/review.sh: $js not built" >&2; exit 2; }
list="$(mktemp)"
trap 'rm -f "$list"' EXIT
"$bin" review-games --games "$games" "$records" > "$list"
echo "bench/review.sh: $games games of $records, $js, $time_ms ms per position (machine: $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg))"
# Not niced: the budget is wall clock, and a niced process beside CPU-bound
# neighbours gets a small share of a core, which stretches whatever work
# runs between two clock reads many times over (a browser tab is not niced).
node --no-experimental-fetch bench/review_wasm.js "$list" --time "$time_ms" "$js"
echo "bench/review.sh: load after the run $(cut -d' ' -f1-3 /proc/loadavg)"

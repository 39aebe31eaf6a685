#!/usr/bin/env bash
# Game review benchmark: over the hints benchmark's 40-game sample of
# human-vs-human games (zertz review-games = solve-records' sample, whole
# games), the browser's review in wasm under node (bench/review_wasm.js):
# seconds per game at the page's default budget (400 ms per position, one
# hint worker) and the share of decided games in which the review finds a
# decisive error. With --native N: the native `zertz review` instead, at N
# proof nodes per position (reproducible, whatever the load): how many
# positions it values exactly, and its marks.
# Figures: bench/review.md.
#   bench/review.sh [--time MS] [--games N] [--native NODES]
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${ZERTZ_BIN:-build/native/zertz}"
records="${ZERTZ_RECORDS_DIR:-../shared/records}"
js="${ZERTZ_WASM_JS:-build/wasm/zertz.js}"
time_ms=400 games=40 native=
while [ $# -gt 0 ]; do
  case "$1" in
    --time) time_ms="$2"; shift 2 ;;
    --games) games="$2"; shift 2 ;;
    --native) native="$2"; shift 2 ;;
    *) echo "bench/review.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[ -x "$bin" ] || { echo "bench/review.sh: $bin not built" >&2; exit 2; }
# --native: each game as a record file (its start position and its moves),
# reviewed by `zertz review --json --nodes N`; exact values and marks counted.
review_native() {
  local exact=0 total=0 decisive=0 mistakes=0 t0 out f
  dir="$(mktemp -d)"  # global: the EXIT trap reads it
  trap 'rm -rf "$dir"' EXIT
  "$bin" review-games --games "$games" "$records" |
    awk -F'\t' -v dir="$dir" '{ f = sprintf("%s/g%03d.zertz", dir, NR); printf "[Start \"%s\"]\n\n%s\n", $2, $3 > f; close(f) }'
  count() { grep -c "$1" <<< "$2" || true; }  # (grep -c exits 1 on no match)
  t0=$(date +%s)
  for f in "$dir"/g*.zertz; do
    out=$("$bin" review --json --nodes "$native" "$f" 2>/dev/null) || { echo "bench/review.sh --native: review failed on $f" >&2; exit 1; }
    total=$((total + $(count . "$out")))
    exact=$((exact + $(count '"value":"\(win\|loss\|draw\)' "$out")))
    decisive=$((decisive + $(count '"mark":"decisive"' "$out")))
    mistakes=$((mistakes + $(count '"mark":"mistake"' "$out")))
  done
  echo "bench/review.sh --native: $bin, $games games, $native proof nodes per position: exact $exact of $total positions" \
    "($((exact * 1000 / total / 10)).$((exact * 1000 / total % 10))%); $decisive decisive, $mistakes mistakes;" \
    "$(($(date +%s) - t0)) s at load $(cut -d' ' -f1 /proc/loadavg)"
}
if [ -n "$native" ]; then review_native; exit; fi
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

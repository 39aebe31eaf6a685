#!/usr/bin/env bash
# The hints benchmark: over the human-vs-human games in ../shared/records,
# the share of positions in the last 6 / 12 / 20 plies whose exact value the
# proof search proves within the budget, split by whether a table leaf was
# used, for all games and for those that end by the rules.
#   bench/hints.sh [--time MS] [--nodes N] [--games N] [--tables DIR|URL] [--wasm [--hints [--workers K] [--keep MS]] [--window W]] [--carry]
# --nodes adds a node budget (with a long --time: figures independent of the
# machine's load, for comparing changes).
# --wasm proves the same positions with the wasm build under node
# (bench/hints_wasm.js; no tables, no node budget): the browser's own code.
# --carry proves each game's positions in the order they were played and
# keeps the proof memory from one to the next, as the browser's hints do.
# --hints (with --wasm) asks for the page's whole hint instead of the proof
# alone: with --carry, exactly what the browser shows during a game.
# --workers K (with --wasm --hints): the page's parallel hints, K worker
# threads each proving a part of the moves at the same time (the page starts
# one per core, at most 4).
# --keep MS (with --wasm --hints): then the page's "Keep proving" on every
# position left open, up to MS in all (counted apart). --window W (with
# --wasm): only the last W plies of each game.
# Defaults: 1000 ms per position (the browser's hint budget), 40 games spread
# over the whole collection.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${ZERTZ_BIN:-build/native/zertz}"
records="${ZERTZ_RECORDS_DIR:-../shared/records}"
time_ms=1000 games=40 tables=() nodes=() wasm=0 carry=() hints=() workers=() keep=() window=()
while [ $# -gt 0 ]; do
  case "$1" in
    --time) time_ms="$2"; shift 2 ;;
    --games) games="$2"; shift 2 ;;
    --nodes) nodes=(--nodes "$2"); shift 2 ;;
    --tables) tables=(--tables "$2"); shift 2 ;;
    --wasm) wasm=1; shift ;;
    --carry) carry=(--carry); shift ;;
    --hints) hints=(--hints); shift ;;
    --workers) workers=(--workers "$2"); shift 2 ;;
    --keep) keep=(--keep "$2"); shift 2 ;;
    --window) window=(--window "$2"); shift 2 ;;
    *) echo "bench/hints.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[ -x "$bin" ] || { echo "bench/hints.sh: $bin not built" >&2; exit 2; }
if [ "$wasm" = 1 ]; then
  js="${ZERTZ_WASM_JS:-build/wasm/zertz.js}"
  [ -f "$js" ] || { echo "bench/hints.sh: $js not built" >&2; exit 2; }
  [ ${#tables[@]} -eq 0 ] && [ ${#nodes[@]} -eq 0 ] || { echo "bench/hints.sh: --wasm takes no --tables or --nodes" >&2; exit 2; }
  list="$(mktemp)"
  trap 'rm -f "$list"' EXIT
  "$bin" solve-records --list "${carry[@]}" --games "$games" "$records" > "$list"
  echo "bench/hints.sh: wasm ($js) on the positions of $bin solve-records --list ${carry[*]} --games $games $records (machine: $(nproc) cores)"
  node --no-experimental-fetch bench/hints_wasm.js "$list" --time "$time_ms" "${carry[@]}" "${hints[@]}" "${workers[@]}" "${keep[@]}" "${window[@]}" "$js"
  exit 0
fi
[ ${#hints[@]} -eq 0 ] && [ ${#workers[@]} -eq 0 ] && [ ${#keep[@]} -eq 0 ] && [ ${#window[@]} -eq 0 ] || { echo "bench/hints.sh: --hints, --workers, --keep and --window need --wasm" >&2; exit 2; }
echo "bench/hints.sh: $bin solve-records --time $time_ms ${nodes[*]} ${carry[*]} --games $games ${tables[*]} $records (machine: $(nproc) cores)"
"$bin" solve-records --time "$time_ms" "${nodes[@]}" "${carry[@]}" --games "$games" "${tables[@]}" "$records"

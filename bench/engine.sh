#!/usr/bin/env bash
# Engine benchmarks: speed (native and wasm), what each search technique buys,
# and strength in matches. Run from the repository root after building:
#   cmake -S . -B build/native && cmake --build build/native -j2 --target zertz
#   make wasm                      # for the wasm speed line
# Measured figures: bench/engine-results.md.
# Usage: bench/engine.sh [speed|ablation|matches|ladder|fixed|learned|screen|nps|all]   (default: speed ablation)
# Matches take hours on a shared machine: run them with low priority, e.g.
#   nice -n 19 bench/engine.sh matches > bench/engine-matches.txt
set -euo pipefail
ZERTZ=${ZERTZ_BIN:-build/native/zertz}
WASM_JS=${ZERTZ_WASM_JS:-build/wasm/zertz.js}
GAMES=${GAMES:-200}
what=${*:-speed ablation}

speed() {
  echo "== speed: default level (time-limited) on fixed positions, native then wasm =="
  for p in "..../...../....../......./....../...../.... 6,8,10 0,0,0 0,0,0 0|37" \
           "--../-...-/-...../..W.W../....../....-/..-. 2,7,8 1,1,1 1,0,1 0|37" \
           "---../---.../..-..W./...W..../-.....-/....../....-/G-.. 1,7,6 2,0,2 1,0,2 0|48" \
           "W-.../....../......./......../....G..../......../......./....../-.... 5,7,10 0,0,0 0,0,0 0|61"; do
    layout=${p##*|}; cells=${p%|*}
    start=$(date +%s%N)
    out=$(printf 'setposition standard %s %s\nanalyze level 4\n' "$layout" "$cells" | "$ZERTZ" engine | grep score)
    ms=$(( ($(date +%s%N) - start) / 1000000 ))
    nodes=$(sed -E 's/.* nodes ([0-9]+).*/\1/' <<<"$out")
    echo "native $layout: $out  (${ms} ms, $(( nodes / (ms > 0 ? ms : 1) )) knodes/s)" | cut -c1-200
  done
  if [ -f "$WASM_JS" ]; then node --no-experimental-fetch bench/engine_wasm.js "$WASM_JS"; else echo "wasm: $WASM_JS not built"; fi
}

ablation() {
  echo "== ablation: fixed depth, each technique switched off (same positions) =="
  "$ZERTZ" searchbench --depth 2 --cap 20000000
  "$ZERTZ" searchbench --depth 3 --cap 5000000
}

matches() {
  echo "== default level at 1 s/move vs the Dumbot-equivalent =="
  "$ZERTZ" match --p0 engine:1000 --p1 dumbot --games "$GAMES" --marbles standard --layout 37 --openings 2 --seed 1
  "$ZERTZ" match --p0 engine:1000 --p1 dumbot --games "$GAMES" --marbles standard --layout 48 --openings 2 --seed 1
}

ladder() {
  echo "== each level against the one below (levels' own limits) =="
  for l in 2 3 4; do
    "$ZERTZ" match --p0 level$l --p1 level$((l - 1)) --games "${LADDER_GAMES:-40}" --layout 37 --openings 2 --seed 2
  done
}

# Load-independent comparison of engine options at fixed nodes (OPTS="@rrply=3" etc.):
# the same openings and dumbot seeds for every option set, so results pair game by game.
fixed() {
  echo "== engine${OPTS:-} at 1 M nodes/move vs the Dumbot-equivalent =="
  "$ZERTZ" match --p0 "nodes:1000000${OPTS:-}" --p1 dumbot --games "${FIXED_GAMES:-40}" --layout 37 --openings 2 --seed 1
  "$ZERTZ" match --p0 "nodes:1000000${OPTS:-}" --p1 dumbot --games "${FIXED_GAMES:-40}" --layout 48 --openings 2 --seed 3
}

# The learned evaluation against the classic one (docs/engine.md): the same
# search at a fixed node budget (deterministic, so the machine's load does not
# matter; LEARNED_NODES) or at a fixed time per move (LEARNED_MS: the default
# level's 700 ms is the equal-time match), paired openings, colours
# alternated; 37 and 48 standard, 37 blitz, the three boards side by side.
# Seed 2001: no fit or choice of features looked at it.
learned() {
  local g=${LEARNED_GAMES:-400} player="nodes:${LEARNED_NODES:-100000}"
  [ -n "${LEARNED_MS:-}" ] && player="engine:$LEARNED_MS"
  echo "== learned vs classic evaluation, $player per move =="
  for v in "standard 37" "standard 48" "blitz 37"; do
    set -- $v
    "$ZERTZ" match --p0 "$player@learned" --p1 "$player@classic" --games "$g" --marbles "$1" --layout "$2" --openings 2 --seed 2001 &
  done
  wait
  nps
}

# A candidate weights file (WEIGHTS=FILE) screened the way eval-v7's blitz
# part was chosen, on openings no target uses: against the classic
# evaluation at SCREEN_NODES (100000) per move, 400 paired games on each of
# seeds 7001-7003 (SCREEN_SEEDS), SCREEN_MARBLES / SCREEN_LAYOUT (blitz 37),
# the runs side by side, then pooled by `zertz elo`. eval-v7's own figures
# there: bench/engine-results.md (+186 [+164, +210] at 100,000 nodes).
screen() {
  local weights=${WEIGHTS:?set WEIGHTS to the candidate weights file} nodes=${SCREEN_NODES:-100000}
  local tmp tallies=() seed
  tmp=$(mktemp -d)
  echo "== $weights against the classic evaluation, $nodes nodes per move =="
  for seed in ${SCREEN_SEEDS:-7001 7002 7003}; do
    "$ZERTZ" match --p0 "nodes:$nodes@learned" --p1 "nodes:$nodes@classic" --weights "$weights" --games 400 \
      --marbles "${SCREEN_MARBLES:-blitz}" --layout "${SCREEN_LAYOUT:-37}" --openings 2 --seed "$seed" > "$tmp/$seed" &
  done
  wait
  for seed in ${SCREEN_SEEDS:-7001 7002 7003}; do
    echo "seed $seed: $(tail -n 1 "$tmp/$seed")"
    tallies+=("$(tail -n 1 "$tmp/$seed" | sed -E 's/.*W ([0-9]+)  D ([0-9]+)  L ([0-9]+).*/\1-\2-\3/')")
  done
  "$ZERTZ" elo "${tallies[@]}"
  rm -rf "$tmp"
}

# Nodes per second of the learned evaluation against the classic one: the
# same fixed-depth searches (searchbench's "all on" row), alternated so a
# change of load falls on both.
nps() {
  echo "== nodes per second, fixed-depth searches (all on), alternated =="
  for e in classic learned classic learned; do "$ZERTZ" searchbench --depth 3 --cap 3000000 --eval $e | sed -n 2p; done
}

for w in $what; do
  case $w in
    speed) speed ;;
    ablation) ablation ;;
    matches) matches ;;
    ladder) ladder ;;
    fixed) fixed ;;
    learned) learned ;;
    screen) screen ;;
    nps) nps ;;
    all) speed; ablation; ladder; matches ;;
    *) echo "unknown benchmark '$w' (speed, ablation, matches, ladder, fixed, learned, screen, nps, all)" >&2; exit 2 ;;
  esac
done

#!/usr/bin/env bash
# `zertz replay`: one line per game, a summary, exit 0 when every game
# replays, 1 when one is damaged or unreadable, 2 on bad usage.
set -uo pipefail
bin=${ZERTZ_BIN:?set ZERTZ_BIN}
records=${ZERTZ_RECORDS_DIR:?set ZERTZ_RECORDS_DIR}
. "$(dirname "$0")/lib/require.sh"
require_exe "$bin" "build the zertz target: make native"
require_dir "$records" "the boardspace records: set ZERTZ_RECORDS_DIR"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fixtures=$(cd "$(dirname "$0")/fixtures" && pwd)
fail() { echo "FAIL: $*"; exit 1; }

# A real game replays to the end; the line names the variant, moves and result.
out=$("$bin" replay "$records/games-Oct-25-2025/T-Z-Passtimer-eratos-2025-10-17-2247.sgf") || fail "good game: exit $?: $out"
grep -q "standard 37  22 moves  player 1 wins with 4 white" <<< "$out" || fail "good game line: $out"
grep -q "^summary: 1 games, 1 replayed, 0 damaged" <<< "$out" || fail "good game summary: $out"

# A damaged record: the turn and the reason, exit 1.
out=$("$bin" replay "$fixtures/two-placements.sgf"); rc=$?
[ $rc = 1 ] || fail "damaged record: exit $rc"
grep -q "damaged at turn 2: two placements in one turn (line 4)" <<< "$out" || fail "damaged line: $out"

# Our own format, and a directory searched recursively.
mkdir -p "$tmp/dir/sub"
printf '[Variant "blitz 40"]\n[Player0 "x"]\n\n1. Wd4,a1 Ge5,a2\n' > "$tmp/dir/sub/game.zertz"
out=$("$bin" replay "$tmp/dir") || fail "own format: exit $?: $out"
grep -q "game.zertz  blitz 40  2 moves  unfinished" <<< "$out" || fail "own format line: $out"

# A truncated zip is unreadable, named, exit 1.
zip=$(ls "$records"/archive-2025/*.zip | sed -n 1p)
head -c 3000 "$zip" > "$tmp/cut.zip"
out=$("$bin" replay "$tmp/cut.zip"); rc=$?
[ $rc = 1 ] || fail "truncated zip: exit $rc"
grep -q "cut.zip  UNREADABLE  .*not a zip archive" <<< "$out" || fail "truncated zip line: $out"

# Usage errors.
"$bin" replay >/dev/null 2>&1; rc=$?
[ $rc = 2 ] || fail "no arguments: exit $rc"
"$bin" replay --bogus x >/dev/null 2>&1; rc=$?
[ $rc = 2 ] || fail "unknown option: exit $rc"
# solve-records (bench/hints.sh) refuses bad options before reading anything.
out=$("$bin" solve-records --nodez 5 "$records" 2>&1); rc=$?
[ $rc = 2 ] && grep -q "unknown option '--nodez'" <<< "$out" || fail "solve-records unknown option: exit $rc: $out"
out=$("$bin" solve-records --games x "$records" 2>&1); rc=$?
[ $rc = 2 ] && grep -q "games: expected a positive count, got 'x'" <<< "$out" || fail "solve-records bad count: exit $rc: $out"
out=$("$bin" solve-records "$tmp/no-such-dir" 2>&1); rc=$?
[ $rc = 2 ] && grep -q "no-such-dir: no such file or directory" <<< "$out" || fail "solve-records missing path: exit $rc: $out"
mkdir -p "$tmp/empty"
out=$("$bin" solve-records "$tmp/empty" 2>&1); rc=$?
[ $rc = 2 ] && grep -q "no human-vs-human game in 0 records" <<< "$out" || fail "solve-records without games: exit $rc: $out"
# --list: one line per position of the last 20 plies, 4 tab-separated fields.
out=$("$bin" solve-records --list --games 1 "$records") || fail "solve-records --list: exit $?"
[ "$(echo "$out" | wc -l)" = 20 ] || fail "solve-records --list: $(echo "$out" | wc -l) lines"
echo "$out" | awk -F'\t' 'NF != 4 || $1 !~ /^[0-9]+$/ { bad = 1 } END { exit bad }' || fail "solve-records --list fields: $out"
# --carry: the same positions in the order they were played (back 20 first).
out=$("$bin" solve-records --list --carry --games 1 "$records") || fail "solve-records --list --carry: exit $?"
[ "$(echo "$out" | cut -f1 | tr '\n' ' ')" = "$(seq 20 -1 1 | tr '\n' ' ')" ] || fail "solve-records --list --carry order: $(echo "$out" | cut -f1 | tr '\n' ' ')"
# --threads: the root's moves split over threads; the last ply before a rules
# ending is a win in 1 however it is split.
out=$("$bin" solve-records --threads 3 --carry --nodes 2000 --time 60000 --games 1 "$records") || fail "solve-records --threads: exit $?"
grep -q "3 threads" <<< "$out" && grep -q "last  6 plies:    6 positions" <<< "$out" || fail "solve-records --threads: $out"
out=$("$bin" solve-records --threads 0 "$records" 2>&1); rc=$?
[ $rc = 2 ] && grep -q "threads: expected 1..256, got '0'" <<< "$out" || fail "solve-records bad threads: exit $rc: $out"
echo "replay shell test passed"

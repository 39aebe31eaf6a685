#!/usr/bin/env bash
# `zertz puzzles`: mines a known puzzle from a constructed record, resumes
# without repeating it, and `zertz puzzles-verify` confirms it independently
# and refuses a damaged file with the line and the field.
set -uo pipefail
bin=${ZERTZ_BIN:?set ZERTZ_BIN}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# A 2024 game's last turns (superqwert - yavaleks): from its start only Gg3,f4 wins.
start="standard 37 ----/-----/--.-../-..G.G./-.W.../---.-/--.- 0,1,3 2,4,3 3,1,4 1"
cat > "$tmp/game.zertz" <<EOF2
[Variant "standard 37"]
[Player0 "ann"]
[Player1 "bob"]
[Start "$start"]

Gg3,f4 Bc3,e4 Bd2,e2 Bc5,e6 Be5,c6 Wd3,d7 xd3Gd5
EOF2

"$bin" puzzles "$tmp/game.zertz" --out "$tmp/p.jsonl" --threads 2 2>"$tmp/log" || fail "puzzles: exit $? $(cat "$tmp/log")"
[ "$(wc -l < "$tmp/p.jsonl")" = 1 ] || fail "one puzzle expected: $(cat "$tmp/p.jsonl")"
line=$(cat "$tmp/p.jsonl")
for want in "\"position\":\"$start\"" '"solutions":\["Gg3,f4"\]' '"line":\["Gg3,f4",' '"players":\["ann","bob"\]' \
  '"ply":0' '"found":true' '"themes":\["isolation","zugzwang","race-each"\]'; do
  grep -q "$want" <<< "$line" || fail "missing $want in $line"
done
grep -q "1 puzzles" "$tmp/log" || fail "summary: $(cat "$tmp/log")"

# Resumed: the game is done already; nothing is added.
"$bin" puzzles "$tmp/game.zertz" --out "$tmp/p.jsonl" 2>"$tmp/log" || fail "resume: exit $?"
[ "$(wc -l < "$tmp/p.jsonl")" = 1 ] || fail "the resumed run repeated the puzzle"
grep -q "(1 done before" "$tmp/log" || fail "resume summary: $(cat "$tmp/log")"

# The independent check confirms it, and keeps it.
"$bin" puzzles-verify "$tmp/p.jsonl" --nodes 100000 --out "$tmp/v.jsonl" 2>"$tmp/log" || fail "verify: $(cat "$tmp/log")"
cmp -s "$tmp/p.jsonl" "$tmp/v.jsonl" || fail "the confirmed puzzle changed"

# A wrong solution list is refused and not kept.
sed 's/"solutions":\["Gg3,f4"\]/"solutions":["Gg3,f4","Gc3,c5"]/' "$tmp/p.jsonl" > "$tmp/wrong.jsonl"
"$bin" puzzles-verify "$tmp/wrong.jsonl" --out "$tmp/w.jsonl" 2>"$tmp/log" && fail "a wrong solution was confirmed"
grep -q "is listed but does not win" "$tmp/log" || fail "wrong solution message: $(cat "$tmp/log")"
[ ! -s "$tmp/w.jsonl" ] || fail "a refused puzzle was kept"

# A damaged file: the line and the field.
{ cat "$tmp/p.jsonl"; echo '{"id":"x","position":"standard 37 nonsense"}'; } > "$tmp/bad.jsonl"
"$bin" puzzles-verify "$tmp/bad.jsonl" 2>"$tmp/log"; [ $? = 1 ] || fail "damaged file: exit code"
grep -q "bad.jsonl: line 2: position: " "$tmp/log" || fail "damaged file message: $(cat "$tmp/log")"
"$bin" puzzles "$tmp/game.zertz" --out "$tmp/bad.jsonl" 2>"$tmp/log"; [ $? = 1 ] || fail "resuming a damaged file: exit code"
grep -q "line 2: position: " "$tmp/log" || fail "resuming a damaged file: $(cat "$tmp/log")"

# Usage errors name the option.
"$bin" puzzles "$tmp/game.zertz" 2>"$tmp/log"; [ $? = 2 ] && grep -q "give --out FILE" "$tmp/log" || fail "no --out"
"$bin" puzzles "$tmp/game.zertz" --out "$tmp/x" --threads 0 2>"$tmp/log"; [ $? = 2 ] && grep -q "threads must be" "$tmp/log" || fail "--threads 0"
"$bin" puzzles "$tmp/game.zertz" --out "$tmp/x" --max-ideas 0 2>"$tmp/log"; [ $? = 2 ] && grep -q "max-ideas must be" "$tmp/log" || fail "--max-ideas 0"
"$bin" puzzles "$tmp/game.zertz" --out "$tmp/x" --looks x 2>"$tmp/log"; [ $? = 2 ] && grep -q "looks must be" "$tmp/log" || fail "--looks x"
"$bin" puzzles "$tmp/game.zertz" --out "$tmp/x" --screen-nodes 5 2>"$tmp/log"; [ $? = 2 ] && grep -q "screen-nodes must be" "$tmp/log" || fail "--screen-nodes 5"
"$bin" puzzles "$tmp/game.zertz" --out "$tmp/x" --frobnicate 2>"$tmp/log"; [ $? = 2 ] && grep -q "unknown option --frobnicate" "$tmp/log" || fail "unknown option"
echo "puzzles: ok"

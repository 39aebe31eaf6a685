#!/usr/bin/env bash
# `zertz review`: marks the moves that decided a game. Every decisive mark is
# backed by proofs `zertz solve` reproduces; bad input gets replay's errors.
set -uo pipefail
bin=${ZERTZ_BIN:?set ZERTZ_BIN}
. "$(dirname "$0")/lib/require.sh"
require_exe "$bin" "build the zertz target: make native"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fixtures=$(cd "$(dirname "$0")/fixtures" && pwd)
fail() { echo "FAIL: $*"; exit 1; }
nodes=20000  # proof budget per position: reproducible, no clock involved

start="standard 37 ...-/...../....../......W/...--B/..--./.--. 4,7,6 1,1,3 0,0,0 0"
cat > "$tmp/lost.zertz" <<EOF2
[Variant "standard 37"]
[Player0 "mreitz"]
[Player1 "ddyer"]
[Start "$start"]

; The end of boardspace's "lost opening" demonstration (tutorials/lost-opening.sgf).
xd7Bf5 Wg4,e6 Wg1,e1 Bf2,d5 xg1Be3 Gf2,d4 xe3Gg1 Gf2,f1 xg1Ge3 Gf2,e2 xe3Gg1 Wf2,e3
EOF2

# --json: one object per position (12 moves: 13 positions), in order.
json=$("$bin" review --json --nodes $nodes "$tmp/lost.zertz" 2>"$tmp/summary") || fail "review --json: exit $?"
[ "$(echo "$json" | wc -l)" = 13 ] || fail "13 positions expected: $json"
for i in $(seq 0 12); do
  grep -q "^{\"ply\":$i,\"turn\":[01],\"move\":\"[^\"]*\",\"value\":\"\(win [0-9]*\|loss [0-9]*\|draw\|p=[01]\.[0-9][0-9]\)\",\"mark\":\"\(\|decisive\|mistake\)\",\"best\":\"[^\"]*\"}$" <<< "$(sed -n "$((i + 1))p" <<< "$json")" ||
    fail "position $i: $(echo "$json" | sed -n "$((i + 1))p")"
done
grep -q '"move":"","value":"loss 0"' <<< "$(tail -1 <<< "$json")" || fail "the final position is lost for its side to move"
grep -q "player 0 (mreitz) 1 decisive" "$tmp/summary" || fail "summary: $(cat "$tmp/summary")"

# Player 0's Wg1,e1 lets player 1 force a win: the one decisive mark.
grep -q '"ply":2,"turn":0,"move":"Wg1,e1"' <<< "$(grep '"mark":"decisive"' <<< "$json")" || fail "decisive mark on Wg1,e1: $json"
[ "$(echo "$json" | grep -c '"mark":"decisive"')" = 1 ] || fail "one decisive mark: $json"

# Each decisive mark is backed by proofs that `zertz solve` reproduces: the
# position after the move is won for the opponent and, when the review
# called the position before it won, that too.
moves=(xd7Bf5 Wg4,e6 Wg1,e1 Bf2,d5 xg1Be3 Gf2,d4 xe3Gg1 Gf2,f1 xg1Ge3 Gf2,e2 xe3Gg1 Wf2,e3)
while read -r line; do
  ply=$(echo "$line" | sed 's/^{"ply":\([0-9]*\),.*/\1/')
  after=$(echo "$json" | sed -n "$((ply + 2))p" | sed 's/.*"value":"\([^"]*\)".*/\1/')
  [[ $after == win* ]] || fail "decisive at ply $ply but the next position is '$after'"
  out=$("$bin" solve --position "$start" --time 3600000 --nodes 2000000 "${moves[@]:0:$((ply + 1))}") || fail "solve after ply $ply"
  [[ $out == win* ]] || fail "zertz solve does not reproduce the win after ply $ply: $out"
  before=$(echo "$line" | sed 's/.*"value":"\([^"]*\)".*/\1/')
  if [[ $before == win* ]]; then
    out=$("$bin" solve --position "$start" --time 3600000 --nodes 2000000 "${moves[@]:0:$ply}")
    [[ $out == win* ]] || fail "zertz solve does not reproduce the win before ply $ply: $out"
  fi
done < <(echo "$json" | grep '"mark":"decisive"')

# The record: the mark as "??" with its comment, the better move as a
# variation, the summary at the start; it reads back as a legal record.
"$bin" review --nodes $nodes "$tmp/lost.zertz" > "$tmp/reviewed.zertz" 2>/dev/null || fail "review: exit $?"
grep -q "Wg1,e1??" "$tmp/reviewed.zertz" || fail "mark in the record: $(cat "$tmp/reviewed.zertz")"
# The comment names the players and counts the winner's turns, as the browser's note does.
grep -q "^; Decisive: mreitz had [0-9]*% chances; after it, a proven loss (ddyer wins in \(at most \)\?[0-9]* turns\?)\. Better: " "$tmp/reviewed.zertz" ||
  fail "decisive comment: $(cat "$tmp/reviewed.zertz")"
# Each player's accuracy follows their counts (core/proof/accuracy.h).
grep -q "^; Review: player 0 (mreitz) 1 decisive, 0 mistakes, [0-9]* inaccurac[a-z]*, accuracy [0-9]*\.[0-9]%; player 1 (ddyer) 0 decisive, [0-9]* mistakes\?, [0-9]* inaccurac[a-z]*, accuracy [0-9]*\.[0-9]%\.$" "$tmp/reviewed.zertz" ||
  fail "summary comment: $(grep '^; Review:' "$tmp/reviewed.zertz")"
grep -q "^(2\. " "$tmp/reviewed.zertz" || fail "better move as a variation: $(cat "$tmp/reviewed.zertz")"
grep -q "12 moves  player 1 wins" <<< "$("$bin" replay "$tmp/reviewed.zertz")" || fail "the reviewed record replays"

# SGF in, SGF out: the comment as C[], the mark as BM[2] (the real game
# the record above ends).
records=${ZERTZ_RECORDS_DIR:?set ZERTZ_RECORDS_DIR}
"$bin" review --nodes $nodes "$records/tutorials/lost-opening.sgf" > "$tmp/reviewed.sgf" 2>/dev/null || fail "review sgf: exit $?"
grep -q "Done \]C\[Decisive: [^ ]* had [0-9]*% chances; after it, a proven loss (" "$tmp/reviewed.sgf" || fail "C[] in SGF: $(cat "$tmp/reviewed.sgf")"
grep -q "BM\[2\]" "$tmp/reviewed.sgf" || fail "BM[2] in SGF"
grep -q "24 moves  player 1 wins" <<< "$("$bin" replay "$tmp/reviewed.sgf")" || fail "the reviewed SGF replays"

# Bad input: replay's errors, exit 1; bad usage exit 2.
out=$("$bin" review "$tmp/missing.sgf" 2>&1); rc=$?
[ $rc = 1 ] || fail "missing file: exit $rc"
grep -q "missing.sgf  UNREADABLE  cannot read the file" <<< "$out" || fail "missing file message: $out"
out=$("$bin" review "$fixtures/two-placements.sgf" 2>&1); rc=$?
[ $rc = 1 ] || fail "damaged record: exit $rc"
grep -q "damaged at turn 2: two placements in one turn (line 4)" <<< "$out" || fail "damaged message: $out"
for bad in "--time 0" "--time x" "--nodes -3" "--frobnicate" "--recheck x" "--recheck 1001"; do
  out=$("$bin" review $bad "$tmp/lost.zertz" 2>&1); rc=$?
  [ $rc = 2 ] || fail "'$bad': exit $rc: $out"
done
grep -q "recheck must be 0..1000" <<< "$("$bin" review --recheck x "$tmp/lost.zertz" 2>&1)" || fail "--recheck message"
out=$("$bin" review 2>&1); rc=$?
[ $rc = 2 ] || fail "no file: exit $rc"
echo "review: ok"

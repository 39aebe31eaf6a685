#!/usr/bin/env bash
# `zertz match`: --weights gives both players' @learned a weights file,
# --p1-weights gives the second player its own (two weights files matched
# head to head); a damaged file is refused at start, naming the option.
# --sprt stops a match once its sequential test decides, at a pair's end.
# `zertz elo` pools tallies with the match's own figures and refuses a
# malformed tally by name.
set -uo pipefail
bin=${ZERTZ_BIN:?set ZERTZ_BIN}
. "$(dirname "$0")/lib/require.sh"
require_exe "$bin" "build the zertz target: make native"
root=$(cd "$(dirname "$0")/../.." && pwd)
v1=$root/core/engine/weights/eval-v1.txt v3=$root/core/engine/weights/eval-v3.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

games() {  # the moves of 4 deterministic games, p1 using the weights file $1
  "$bin" match --p0 depth:2@learned --p1 depth:2@learned --weights "$v3" --p1-weights "$1" --games 4 --seed 3 \
    --verbose 2>"$tmp/err" | grep 'moves:' || fail "match: $(cat "$tmp/err")"
}
same=$(games "$v3") || exit 1
again=$(games "$v3") || exit 1
other=$(games "$v1") || exit 1
[ "$same" = "$again" ] || fail "a depth-limited match is not deterministic"
[ "$same" != "$other" ] || fail "--p1-weights eval-v1 played the same moves as eval-v3: the option had no effect"

sed 's/^w classic\.open .*/w classic.open 0.5/' "$v3" > "$tmp/damaged.txt"
out=$("$bin" match --p0 depth:1 --p1 depth:1@learned --p1-weights "$tmp/damaged.txt" --games 2 2>&1) &&
  fail "a damaged --p1-weights file was accepted: $out"
grep -q -- '--p1-weights' <<< "$out" && grep -qi 'checksum' <<< "$out" ||
  fail "the refusal names neither the option nor the reason: $out"
out=$("$bin" match --p0 depth:1 --p1 depth:1 --p1-weights "$tmp/missing.txt" 2>&1) && fail "a missing file was accepted"
grep -q 'missing.txt' <<< "$out" || fail "the refusal does not name the missing file: $out"

# One tally: the same figures as the match that played it.
line=$("$bin" match --p0 depth:1 --p1 random --games 6 --seed 5 2>&1 | tail -n 1)
wdl=$(sed -E 's/.*W ([0-9]+)  D ([0-9]+)  L ([0-9]+).*/\1-\2-\3/' <<< "$line")
figures=$(sed -E 's/^.* vs random: //; s/  \([0-9]+ s\)$//' <<< "$line")
[ "$("$bin" elo "$wdl")" = "1 pooled: $figures" ] || fail "elo $wdl: '$("$bin" elo "$wdl")', the match said '$figures'"
# Two tallies add up: 288-0-112 and 274-0-126 are 562-0-238 (+149 [+124, +176]).
[ "$("$bin" elo 288-0-112 274-0-126)" = "2 pooled: 800 games  W 562  D 0  L 238  score 70.2%  Elo +149  95% [+124, +176]" ] ||
  fail "elo 288-0-112 274-0-126: $("$bin" elo 288-0-112 274-0-126)"
for bad in 12-x-3 1--2 0-0-0 5-0 -1-2-3; do
  out=$("$bin" elo 10-0-5 "$bad" 2>&1) && fail "elo accepted the tally '$bad': $out"
  grep -qF "'$bad'" <<< "$out" || fail "the refusal of '$bad' does not name it: $out"
done
"$bin" elo >/dev/null 2>&1 && fail "elo without a tally succeeded"

# A strong player against a weak one: H1 after the minimum of 10 pairs, not the 400 games asked.
out=$("$bin" match --p0 depth:2 --p1 random --games 400 --sprt 0,50 --seed 5 2>&1) || fail "match --sprt: $out"
tail -n 1 <<< "$out" | grep -qx 'H1 accepted: Elo >= 50 (10 pairs)' || fail "--sprt did not stop at H1: $(tail -n 2 <<< "$out")"
grep -q '20 games .*LLR [0-9.]* \[-2.94, 2.94\]' <<< "$out" || fail "the tally lines carry no LLR: $out"
out=$("$bin" match --p0 random --p1 depth:2 --games 400 --sprt 0,50 --seed 5 2>&1)
tail -n 1 <<< "$out" | grep -qx 'H0 accepted: Elo <= 0 (10 pairs)' || fail "--sprt did not stop at H0: $(tail -n 2 <<< "$out")"
out=$("$bin" match --p0 depth:1 --p1 depth:1 --games 6 --sprt -10,10 2>&1)
tail -n 1 <<< "$out" | grep -qx 'no decision after 3 pairs (--games)' || fail "an undecided SPRT: $(tail -n 2 <<< "$out")"
for bad in 50,0 x,10 10; do
  out=$("$bin" match --p0 random --p1 random --sprt "$bad" 2>&1) && fail "--sprt $bad was accepted: $out"
  grep -q -- "--sprt" <<< "$out" || fail "the refusal of --sprt $bad does not name the option: $out"
done
echo "ok: match --weights / --p1-weights, --sprt, elo"

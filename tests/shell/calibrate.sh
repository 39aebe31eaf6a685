#!/usr/bin/env bash
# `zertz calibrate`: one line per position of a human game with the engine's
# score, the result and how the game ended; --features adds a quiet flag
# (no capture pending: captures are compulsory, so exactly the positions
# whose move played is not a capture) and the learned features, named as
# the training data (`zertz features`) names them.
set -uo pipefail
bin=${ZERTZ_BIN:?set ZERTZ_BIN}
. "$(dirname "$0")/lib/require.sh"
require_exe "$bin" "build the zertz target: make native"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

moves="xd7Bf5 Wg4,e6 Wg1,e1 Bf2,d5 xg1Be3 Gf2,d4 xe3Gg1 Gf2,f1 xg1Ge3 Gf2,e2 xe3Gg1 Wf2,e3"
cat > "$tmp/game.zertz" <<EOF2
[Variant "standard 37"]
[Player0 "mreitz"]
[Player1 "ddyer"]
[Start "standard 37 ...-/...../....../......W/...--B/..--./.--. 4,7,6 1,1,3 0,0,0 0"]

$moves
EOF2

plain=$("$bin" calibrate --nodes 2000 "$tmp/game.zertz" 2>"$tmp/err") || fail "calibrate: exit $? $(cat "$tmp/err")"
[ "$(head -1 <<< "$plain")" = "$(printf 'game\tply\tlayout\tmarbles\tscore\texact\tresult\treason')" ] || fail "header: $(head -1 <<< "$plain")"
[ "$(tail -n +2 <<< "$plain" | wc -l)" = 12 ] || fail "12 positions expected: $plain"
tail -n +2 <<< "$plain" | awk -F'\t' 'NF != 8 || $3 != "37" || ($7 != "0" && $7 != "1") || $8 != "set" { bad = 1 } END { exit bad }' ||
  fail "a line without 8 fields, layout 37, a result and the reason 'set': $plain"

rich=$("$bin" calibrate --features --nodes 2000 "$tmp/game.zertz" 2>"$tmp/err") || fail "calibrate --features: exit $? $(cat "$tmp/err")"
"$bin" features --out "$tmp/rows.zf" "$tmp/game.zertz" 2>"$tmp/err" || fail "features: exit $? $(cat "$tmp/err")"
names=$(head -1 "$tmp/rows.zf" | cut -d' ' -f4 | tr ',' '\t')
[ "$(head -1 <<< "$rich" | cut -f10-)" = "$names" ] || fail "feature columns differ from zertz features': $(head -1 <<< "$rich")"
[ "$(head -1 <<< "$rich" | cut -f9)" = quiet ] || fail "no quiet column: $(head -1 <<< "$rich")"
count=$(tr '\t' '\n' <<< "$names" | wc -l)
[ "$count" -ge 56 ] || fail "only $count features"
# The same searches: the first eight columns are the plain dump's.
[ "$(cut -f1-8 <<< "$rich")" = "$plain" ] || fail "--features changed the dump's columns"
tail -n +2 <<< "$rich" | awk -F'\t' -v n=$((9 + count)) 'NF != n { exit 1 } { for (i = 10; i <= NF; ++i) if ($i !~ /^-?[0-9]+$/) exit 1 }' ||
  fail "a line without $((9 + count)) fields or with a non-integer feature"
want=$(for m in $moves; do [[ $m == x* ]] && echo 0 || echo 1; done)
[ "$(tail -n +2 <<< "$rich" | cut -f9)" = "$want" ] || fail "quiet flags $(tail -n +2 <<< "$rich" | cut -f9 | tr '\n' ' ') are not the non-captures of: $moves"

"$bin" calibrate --features --frob "$tmp/game.zertz" >/dev/null 2>"$tmp/err" && fail "an unknown option was accepted"
grep -q "unknown option --frob" "$tmp/err" || fail "unclear error: $(cat "$tmp/err")"
echo "calibrate: 12 positions, $count features per line, quiet flags as the captures say"

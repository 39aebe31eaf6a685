#!/usr/bin/env bash
# The MPI solver under real mpirun: 1, 2, 3 and 4 ranks, shapes dealt
# dynamically or statically, write bit-identical tables; `zertz-solve verify` (retro-consistency + brute force) passes; the
# CLI probe and the engine protocol answer from them; a damaged file makes
# verify fail naming it.
set -euo pipefail
build=${ZERTZ_BUILD_DIR:?}
solve=$build/zertz-solve
zertz=${ZERTZ_BIN:-$build/zertz}
. "$(dirname "$0")/lib/require.sh"
require_exe "$solve" "the zertz-solve target, built when MPI and Boost.Serialization are found"
require_exe "$zertz" "build the zertz target: make native"
require_cmd mpirun -- "Debian: openmpi-bin"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mpirun="${ZERTZ_SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}/scripts/mpirun.sh"  # mpirun, retried once on Open MPI's PID-0 race
run() { "$mpirun" --oversubscribe --mca mpi_yield_when_idle 1 -np "$1" "$solve" --quiet "${@:2}"; }

for k in 1 2 3 4; do run "$k" --marbles standard --rings 3 --out "$tmp/std$k" > "$tmp/std$k.log"; done
run 3 --marbles standard --rings 3 --out "$tmp/std3s" --deal static > /dev/null
for k in 1 2 3; do run "$k" --marbles blitz --rings 3 --out "$tmp/bl$k" > "$tmp/bl$k.log"; done
for f in "$tmp"/std1/*.wdl "$tmp"/std1/*.dtm "$tmp"/std1/*.json; do
  for k in 2 3 3s 4; do cmp "$f" "$tmp/std$k/$(basename "$f")" || { echo "FAIL: $(basename "$f") differs for $k ranks"; exit 1; }; done
done
for f in "$tmp"/bl1/*.wdl "$tmp"/bl1/*.dtm; do
  for k in 2 3; do cmp "$f" "$tmp/bl$k/$(basename "$f")" || { echo "FAIL: $(basename "$f") differs for $k ranks"; exit 1; }; done
done
for k in 1 2 3 4; do [ ! -e "$tmp/std$k/checkpoint" ] || { echo "FAIL: $k ranks left a checkpoint folder"; exit 1; }; done
grep -q "summary: ranks 4" "$tmp/std4.log" || { echo "FAIL: no summary line"; exit 1; }

# Verify: every blitz position with <= 3 rings against brute force; the
# standard tables with brute force on <= 2 rings and samples above.
"$solve" verify "$tmp/bl1" > "$tmp/verify.log" || { cat "$tmp/verify.log"; echo "FAIL: verify blitz"; exit 1; }
grep -q "blitz level 3: brute force agrees on every position" "$tmp/verify.log"
grep -q "blitz level 3: retro-consistency on 1105860 positions (all)" "$tmp/verify.log"
# The same with every level read through the block cache (how levels above 2^31 positions are read).
"$solve" verify "$tmp/bl1" --whole-level-limit 0 > "$tmp/verify0.log" || { cat "$tmp/verify0.log"; echo "FAIL: verify through the block cache"; exit 1; }
grep -q "blitz level 3: brute force agrees on every position" "$tmp/verify0.log"
"$solve" verify "$tmp/std1" --brute-rings 2 --retro-limit 300000 --samples 100 > "$tmp/verify2.log" ||
  { cat "$tmp/verify2.log"; echo "FAIL: verify standard"; exit 1; }
grep -q "standard level 3: brute force agrees from" "$tmp/verify2.log"
mkdir "$tmp/both" && cp "$tmp"/std1/standard* "$tmp"/bl1/blitz* "$tmp/both/"

# Probe on a real layout: three rings left on the 37 board, White to place.
pos="blitz 37 ----/-----/------/--W..--/------/-----/---- 3,7,9 0,0,0 1,0,0 0"
out=$("$zertz" probe --tables "$tmp/both" "$pos")
case "$out" in "win "*|"loss "*|draw) ;; *) echo "FAIL: probe said '$out'"; exit 1;; esac
moves=$("$zertz" probe --tables "$tmp/both" --moves "$pos")
# The position's value is the best of the moves' values (win: shortest).
best=$(echo "$moves" | awk '$2=="win"{ if (min=="" || $3<min) min=$3 } END{ if (min!="") print "win " min }')
[ -n "$best" ] && [ "$best" = "$out" ] || [ -z "$best" ] || { echo "FAIL: probe '$out' vs moves best '$best'"; exit 1; }
reply=$(printf 'setposition %s\nprobe\nprobe_moves\nvariant blitz 37\nprobe\n' "$pos" | "$zertz" engine --tables "$tmp/both")
grep -qx "= $out" <<< "$reply" || { echo "FAIL: protocol probe: $reply"; exit 1; }
grep -q "^? not in tables" <<< "$reply" || { echo "FAIL: full board should be outside the tables"; exit 1; }

# Damage: one flipped byte near the end of a block-compressed file.
f="$tmp/bl1/blitz-3.dtm"
size=$(stat -c %s "$f")
printf '\x55' | dd of="$f" bs=1 seek=$((size - 30)) conv=notrunc status=none
if "$solve" verify "$tmp/bl1" > "$tmp/bad.log" 2>&1; then echo "FAIL: verify accepted a damaged file"; exit 1; fi
grep -q "blitz-3.dtm" "$tmp/bad.log" || { cat "$tmp/bad.log"; echo "FAIL: verify did not name the file"; exit 1; }

# Command line: --help prints the usage (exit 0); a bad option is named (exit 2).
grep -q "usage: zertz-solve" <<< "$("$solve" --help)" || { echo "FAIL: --help prints no usage"; exit 1; }
expect_bad() {  # expected text, then the arguments
  local want=$1; shift
  if "$solve" "$@" > "$tmp/opt.log" 2>&1; then echo "FAIL: zertz-solve $* was accepted"; exit 1; fi
  grep -qF -- "$want" "$tmp/opt.log" || { cat "$tmp/opt.log"; echo "FAIL: zertz-solve $*: no '$want'"; exit 1; }
}
expect_bad "bad or incomplete option '--rings'" --marbles blitz --rings 11 --out "$tmp/x"
expect_bad "bad or incomplete option '--marbles'" --marbles quick --rings 3 --out "$tmp/x"
expect_bad "verify: bad or incomplete option '--brute-rings'" verify "$tmp/bl2" --brute-rings 40
expect_bad "verify: bad or incomplete option '--sample'" verify "$tmp/bl2" --sample 3
expect_bad "verify: needs a table directory" verify
echo "solver_ranks: OK"

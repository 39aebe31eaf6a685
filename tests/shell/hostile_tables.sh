#!/usr/bin/env bash
# Damaged endgame tables: a flipped byte in the header, the block index or a
# block of every file, truncated files, a wrong format version, a wrong marble
# set or level, a missing file. For each:
#   * `zertz-solve verify` fails and names the damaged file;
#   * `zertz engine --tables` answers every probe either exactly as with the
#     intact tables or with "? ... error" naming the file: never another value;
#     a damaged header or index makes every probe that needs the file an error.
# Tables: blitz up to 3 rings, solved here (a few seconds).
set -uo pipefail
bin=${ZERTZ_BIN:?ZERTZ_BIN must point to the zertz binary}
solve=${ZERTZ_SOLVE_BIN:-${ZERTZ_BUILD_DIR:-$(dirname "$bin")}/zertz-solve}
. "$(dirname "$0")/lib/require.sh"
require_exe "$bin" "build the zertz target: make native"
require_exe "$solve" "the zertz-solve target, built when MPI and Boost.Serialization are found"
require_cmd python3 -- "Debian: python3"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL $*"; fail=1; }

mpirun="${ZERTZ_SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}/scripts/mpirun.sh"  # mpirun, retried once on Open MPI's PID-0 race
"$mpirun" --oversubscribe -np 2 "$solve" --marbles blitz --rings 3 --out "$tmp/ref" --quiet > "$tmp/solve.log" 2>&1 ||
  { cat "$tmp/solve.log"; echo "FAIL: solving the reference tables"; exit 1; }
rm -rf "$tmp/ref/checkpoint"

# Probe positions on 1-, 2- and 3-ring boards (custom layouts), random
# marbles, captures and pool, both players to move; a fixed seed.
python3 - > "$tmp/probes" <<'PY'
import random
rnd = random.Random(6)
total = [5, 7, 9]  # blitz
layouts = [("0:1", [1]), ("0:2", [2]), ("0:1,1:1", [1, 1]), ("0:3", [3]), ("1:2,0:1", [2, 1]),
           ("0:1,1:1,0:1", [1, 1, 1]), ("0:1,1:2", [1, 2])]
won = lambda c: c[0] >= 3 or c[1] >= 4 or c[2] >= 5 or min(c) >= 2
out = set()
while len(out) < 1500:
    token, heights = rnd.choice(layouts)
    cols, board = [], [0, 0, 0]
    for h in heights:
        s = "".join(rnd.choice(".WGB..") for _ in range(h))
        for ch in s:
            if ch != ".": board["WGB".index(ch)] += 1
        cols.append(s)
    caps = [[0] * 3, [0] * 3]
    for c in range(3):
        left = total[c] - board[c]
        caps[0][c] = rnd.randint(0, min(left, 2 if c == 0 else 3))
        caps[1][c] = rnd.randint(0, min(left - caps[0][c], 2 if c == 0 else 3))
    pool = [total[c] - board[c] - caps[0][c] - caps[1][c] for c in range(3)]
    if rnd.random() < 0.3:  # empty pool: captures and cycles
        caps[0] = [total[c] - board[c] - caps[1][c] for c in range(3)]
        pool = [0, 0, 0]
    if won(caps[0]) or won(caps[1]): continue
    t = lambda v: ",".join(map(str, v))
    out.add("blitz %s %s %s %s %s %d" % (token, "/".join(cols), t(pool), t(caps[0]), t(caps[1]), rnd.randint(0, 1)))
for p in sorted(out): print("setposition " + p + "\nprobe")
PY
probe() { "$bin" engine --tables "$1" < "$tmp/probes" | grep -v '^$'; }
probe "$tmp/ref" > "$tmp/ref.out"
answers=$(grep -c -E '^= (win|loss|draw)' "$tmp/ref.out")
[ "$answers" -ge 900 ] || bad "intact tables answer only $answers probes"
echo "ok   intact tables: $answers probe answers ($(grep -E '^= (win|loss|draw)' "$tmp/ref.out" | sort -u | wc -l) distinct)"

# check NAME FILE [all]: verify fails naming FILE; probes answer as the
# reference or an error naming FILE; with "all", some probe must fail.
check() {
  local name=$1 file=$2 need=${3:-}
  local dir=$tmp/case
  if "$solve" verify "$dir" --brute-rings 0 --samples 0 --retro-limit 0 > "$tmp/verify.out" 2>&1; then
    bad "$name: verify passed"
  elif ! grep -q "FAILED.*$file" "$tmp/verify.out"; then
    bad "$name: verify does not name $file: $(grep -v '^verify blitz' "$tmp/verify.out" | head -2)"
  fi
  probe "$dir" > "$tmp/case.out"
  local report
  report=$(paste -d '\n' "$tmp/ref.out" "$tmp/case.out" | awk -v file="$file" '
    NR % 2 == 1 { ref = $0; next }
    $0 == ref { same++; next }
    /^\? / && index($0, file) && ref ~ /^= (win|loss|draw)/ { errors++; next }
    { wrong++; if (wrong <= 3) print "WRONG: ref [" ref "] got [" $0 "]" > "/dev/stderr" }
    END { printf "%d %d %d", same, errors + 0, wrong + 0 }' 2>"$tmp/wrong")
  read -r same errors wrong <<< "$report"
  [ "$(wc -l < "$tmp/case.out")" = "$(wc -l < "$tmp/ref.out")" ] || bad "$name: reply count differs"
  [ "$wrong" = 0 ] || { bad "$name: $wrong probes answered differently"; cat "$tmp/wrong"; }
  [ -z "$need" ] || [ "$errors" -gt 0 ] || bad "$name: no probe reported the damage"
  echo "     $name: verify named $file; replies: $same as intact, $errors errors, $wrong different"
}
fresh() { rm -rf "$tmp/case"; cp -r "$tmp/ref" "$tmp/case"; }
flip() { python3 -c "import sys; p, o = sys.argv[1], int(sys.argv[2]); d = bytearray(open(p, 'rb').read()); d[o % len(d)] ^= 0x10; open(p, 'wb').write(d)" "$1" "$2"; }
# Rewrites a header field (u32 at OFFSET) and recomputes the header CRC, so
# only the field is wrong.
field() { python3 -c "
import sys, struct, zlib
p, o, v = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
d = bytearray(open(p, 'rb').read()); struct.pack_into('<I', d, o, v)
struct.pack_into('<I', d, 100, zlib.crc32(bytes(d[:100]))); open(p, 'wb').write(d)" "$1" "$2" "$3"; }

# Header and index of every file; blocks of the 2- and 3-ring files.
for f in blitz-1.wdl blitz-1.dtm blitz-2.wdl blitz-2.dtm blitz-3.wdl blitz-3.dtm; do
  size=$(wc -c < "$tmp/ref/$f")
  fresh; flip "$tmp/case/$f" 40; check "$f header byte 40 flipped" "$f" all
  case $f in blitz-1.dtm|blitz-2.wdl|blitz-3.dtm) fresh; flip "$tmp/case/$f" 110; check "$f index byte 110 flipped" "$f" all ;; esac
  case $f in blitz-2.*|blitz-3.*) fresh; flip "$tmp/case/$f" $((size * 2 / 3)); check "$f data byte $((size * 2 / 3)) flipped" "$f" ;; esac
  case $f in blitz-3.*) fresh; flip "$tmp/case/$f" $((size - 1)); check "$f last byte flipped" "$f" ;; esac
done
fresh; head -c 60 "$tmp/ref/blitz-3.dtm" > "$tmp/case/blitz-3.dtm"; check "blitz-3.dtm truncated to 60 bytes" blitz-3.dtm all
fresh; head -c $(( $(wc -c < "$tmp/ref/blitz-3.wdl") / 2 )) "$tmp/ref/blitz-3.wdl" > "$tmp/case/blitz-3.wdl"
check "blitz-3.wdl truncated to half" blitz-3.wdl all
fresh; : > "$tmp/case/blitz-2.wdl"; check "blitz-2.wdl empty" blitz-2.wdl all
fresh; rm "$tmp/case/blitz-2.dtm"; check "blitz-2.dtm missing" blitz-2.dtm all
fresh; field "$tmp/case/blitz-3.wdl" 8 2; check "blitz-3.wdl format version 2" blitz-3.wdl all
fresh; field "$tmp/case/blitz-3.dtm" 16 1; check "blitz-3.dtm says marble set standard" blitz-3.dtm all
fresh; cp "$tmp/ref/blitz-2.wdl" "$tmp/case/blitz-3.wdl"; check "blitz-2.wdl copied over blitz-3.wdl" blitz-3.wdl all
fresh; cp "$tmp/ref/blitz-3.wdl" "$tmp/case/blitz-3.dtm"; check "WDL file in place of blitz-3.dtm" blitz-3.dtm all
[ "$fail" = 0 ] && echo "ok   every damaged table is named by verify and never changes a probe's value"
exit $fail

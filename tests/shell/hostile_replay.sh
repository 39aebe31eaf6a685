#!/usr/bin/env bash
# `zertz replay` on damaged files: SGF records truncated anywhere, garbage,
# empty files, zip archives truncated, garbled or holding garbage. Each gets
# a line naming the file (and the zip entry) with the reason, exit code 1,
# and no crash or sanitizer report. Nothing damaged replays as a good game.
set -uo pipefail
bin=${ZERTZ_BIN:?ZERTZ_BIN must point to the zertz binary}
records=${ZERTZ_RECORDS_DIR:?ZERTZ_RECORDS_DIR must point to the records}
. "$(dirname "$0")/lib/require.sh"
require_exe "$bin" "build the zertz target: make native"
require_dir "$records" "the boardspace records: set ZERTZ_RECORDS_DIR"
require_cmd python3 -- "Debian: python3"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL $*"; fail=1; }

# replay FILE, expect exit 1 and a line "FILE[/entry]  UNREADABLE|damaged ... REASON-REGEX"
expect_error() {
  local file=$1 pattern=$2 out rc
  out=$("$bin" replay "$file" 2>"$tmp/stderr"); rc=$?
  if [ "$rc" != 1 ]; then bad "$file: exit $rc, want 1: $(echo "$out" | head -2)"; return; fi
  # (here-strings, not `echo | grep -q`: grep exiting early would fail the pipe under pipefail)
  if ! grep -E -q "^$(printf '%s' "$file" | sed 's/[.[\*^$]/\\&/g').*(UNREADABLE|damaged).*($pattern)" <<< "$out"; then
    bad "$file: no error line matching '$pattern': $(echo "$out" | head -2)"; return
  fi
  if [ -s "$tmp/stderr" ]; then bad "$file: stderr: $(head -3 "$tmp/stderr")"; fi
}

# ---- SGF truncated at 60 points: an error until only the closing ')' and
# blanks are missing (the game's last ']' is there) ----
sgf=$records/games-Oct-25-2025/T-Z-Passtimer-eratos-2025-10-17-2247.sgf
size=$(wc -c < "$sgf")
last=$(grep -bo ']' "$sgf" | tail -1 | cut -d: -f1)
n=0
for len in $(seq 1 31 "$last"); do
  head -c "$len" "$sgf" > "$tmp/trunc-$len.sgf"
  expect_error "$tmp/trunc-$len.sgf" 'truncated|unterminated|no value|not a Zertz|no game|missing|expected|empty'
  n=$((n + 1))
done
echo "ok   $n truncated copies of a $size-byte SGF rejected"

# ---- garbage, empty, NUL-filled, huge single line ----
head -c 3000 /dev/urandom > "$tmp/garbage.sgf"
: > "$tmp/empty.sgf"
head -c 5000 /dev/zero > "$tmp/zeros.sgf"
{ printf '(;GM[22]SU[Zertz]C['; head -c 2000000 /dev/zero | tr '\0' 'x'; } > "$tmp/unterminated.sgf"
printf '(;GM[22]SU[Zertz+99];P0[0 Start P0];P0[1 RtoB 2 0 D 4])' > "$tmp/badboard.sgf"
printf '(;GM[22]SU[Zertz];P0[0 Start P0];P0[1 RtoB 2 7 Q 44];P0[2 Done])' > "$tmp/badmove.sgf"
printf '[Variant "standard 37"]\n1. Wd4,a1 Wq9,z1\n' > "$tmp/badmove.zertz"
expect_error "$tmp/garbage.sgf" 'not a Zertz|line|SGF|no game'
expect_error "$tmp/empty.sgf" 'empty'
expect_error "$tmp/zeros.sgf" 'not a Zertz|empty|binary'
expect_error "$tmp/unterminated.sgf" 'unterminated|truncated'
expect_error "$tmp/badboard.sgf" 'Zertz\+99|board|SU'
expect_error "$tmp/badmove.sgf" 'turn 1'
expect_error "$tmp/badmove.zertz" 'turn 2'
echo "ok   garbage, empty, NUL, unterminated, bad board and bad move files rejected"

# ---- zip archives ----
zip=$(find "$records" -name '*.zip' -printf '%s %p\n' | sort -n | sed -n 1p | cut -d' ' -f2)
zsize=$(wc -c < "$zip")
n=0
for len in 0 21 22 100 1000 $((zsize / 3)) $((zsize / 2)) $((zsize - 23)) $((zsize - 1)); do
  head -c "$len" "$zip" > "$tmp/trunc-$len.zip"
  expect_error "$tmp/trunc-$len.zip" 'truncated|not a zip|damaged|outside'
  n=$((n + 1))
done
echo "ok   $n truncated copies of a $zsize-byte zip rejected"

# Flip one byte inside the first entry's compressed data: that entry fails
# its CRC or inflate check, named with archive and entry; the rest replay.
python3 - "$zip" "$tmp/flipped.zip" "$tmp/garbage-entry.zip" "$tmp/bomb.zip" <<'PY'
import sys, zipfile, struct
src, flipped, garbage, bomb = sys.argv[1:]
data = bytearray(open(src, "rb").read())
name_len, extra_len = struct.unpack_from("<HH", data, 26)
comp_size = struct.unpack_from("<I", data, 18)[0]
data[30 + name_len + extra_len + comp_size // 2] ^= 0x5A
open(flipped, "wb").write(data)
with zipfile.ZipFile(garbage, "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("bad.sgf", bytes(range(256)) * 4)
    z.writestr("good.sgf", "(;GM[22]SU[Zertz];P0[0 Start P0];P0[1 RtoB 2 0 D 4];P0[2 R- A 1];P0[3 Done])")
# A deflate entry whose directory claims 200 MB for 100 kB of data: a size error.
with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("big.sgf", b"(" * 100000)
d = bytearray(open(bomb, "rb").read())
cd = d.rfind(b"PK\x01\x02")
struct.pack_into("<I", d, cd + 24, 200 << 20)
open(bomb, "wb").write(d)
PY
first=$(python3 -c "import zipfile,sys; print(zipfile.ZipFile(sys.argv[1]).infolist()[0].filename)" "$zip")
expect_error "$tmp/flipped.zip" "CRC|corrupt|deflate|size"
# (output captured first: grep -q closing the pipe early would fail it under pipefail)
out=$("$bin" replay "$tmp/flipped.zip")
grep -F -q "$tmp/flipped.zip/$first  UNREADABLE" <<< "$out" ||
  bad "flipped byte: the error line does not name the entry $first"
grep -q "^summary: [1-9][0-9]* games, [1-9][0-9]* replayed" <<< "$out" ||
  bad "flipped byte: the other entries were not replayed"
expect_error "$tmp/garbage-entry.zip" 'not a Zertz|line'
out=$("$bin" replay "$tmp/garbage-entry.zip")
grep -E -q "garbage-entry.zip/good.sgf  standard 37  1 moves?  " <<< "$out" ||
  bad "garbage entry: the good entry beside it was not replayed"
expect_error "$tmp/bomb.zip" 'size|large|mismatch|deflate'
head -c 70000 /dev/urandom > "$tmp/random.zip"
expect_error "$tmp/random.zip" 'not a zip|damaged|truncated'
echo "ok   flipped byte, garbage entry, size bomb and random zip rejected"

# A missing file and a directory with .zip name.
mkdir -p "$tmp/dir.zip/x"
out=$("$bin" replay "$tmp/missing.sgf" 2>&1); rc=$?
[ "$rc" = 1 ] && grep -q "missing.sgf" <<< "$out" || bad "missing file: exit $rc: $out"
echo "ok   missing file reported"
exit $fail

#!/usr/bin/env bash
# Regenerates the committed seed corpora fuzz/corpus/<target>/ from the real
# games in ../shared/records plus fuzz/seeds/<target>/ (hand-written cases,
# and regress-* inputs that once crashed a target: keep adding them there). Run by
# hand when a format changes; the result is committed (kept < 1 MB in all).
#   ZERTZ_BIN=build/native/zertz bash fuzz/make_corpus.sh
# Needs: a zertz binary with `replay --print` and `engine`, python3 (zip and
# table seeds are built with its zipfile/zlib modules).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
records=${ZERTZ_RECORDS_DIR:-$root/../shared/records}
bin=${ZERTZ_BIN:-$root/build/native/zertz}
out=$here/corpus
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rm -rf "$out"
mkdir -p "$out"/{move,position,record,protocol,zip,tb,tableset,weights}

# ---- records: a spread of real SGF files (boards 37/48/61, tournament,
# tutorials with comments, the draw by repetition, the damaged one) ----
pick() { find "$records/$1" -name '*.sgf' | sort | awk -v n="$2" 'NR % n == 1'; }
{
  pick tournament 25
  pick tutorials 3
  pick games-Oct-9-2025 12
  pick games-Oct-25-2025 12
  find "$records/interesting" "$records/test" -name '*.sgf'
  find "$records/tournament" -name 'T-Z11-eratos-minismurf-2004-06-04-1623.sgf'
} | sort -u > "$tmp/sgfs"
i=0
while read -r f; do cp "$f" "$out/record/sgf-$((i++)).sgf"; done < "$tmp/sgfs"
# The same games in our own format (exportRecord), via `zertz replay --print`.
head -12 "$tmp/sgfs" | while read -r f; do
  "$bin" replay --print "$f" | awk '/^summary:/ {exit} /^\[Variant/ {p=1} p && !/  (standard|blitz) [0-9]+  / {print}' \
    > "$out/record/own-$(basename "$f" .sgf).zertz" || true
done

# ---- moves: selector byte (which sample position, see fuzz_util.h) + text.
# Selector 0 is the standard 37 start, where real first moves are legal. ----
cat "$out"/record/own-*.zertz | grep -v '^\[' | tr ' ' '\n' | grep -v '^[0-9]*\.$' | grep -v '^$' \
  | sort -u | head -200 > "$tmp/moves"
i=0
while read -r m; do
  { printf "$(printf '\\x%02x' $((i % 16)))"; printf '%s' "$m"; } > "$out/move/m-$i"
  i=$((i + 1))
done < "$tmp/moves"
for m in - "x e3Wg3" "Wd4,b2 x Wa1Wa2" "wd4,B2" "Wz9,a1" "xd5Wd3Wd1Wd3" "W" "Wd4," ",," "x" "d4"; do
  printf '\x00%s' "$m" > "$out/move/h-$i"; i=$((i + 1))
done

# ---- positions and protocol sessions: replay real games through `zertz
# engine` and take the position string every 6 plies ----
n=0
head -16 "$tmp/sgfs" | while read -r f; do
  variant=$("$bin" replay --print "$f" | sed -n 's/^\[Variant "\(.*\)"\]$/\1/p' | head -1)
  [ -n "$variant" ] || continue
  moves=$("$bin" replay --print "$f" | awk '/^summary:/ {exit} /^\[/ {next} /  (standard|blitz) [0-9]+  / {next} {print}' \
    | tr ' ' '\n' | grep -v '^[0-9]*\.$' | grep -v '^$' || true)
  script="variant $variant"
  k=0
  for m in $moves; do
    script+=$'\n'"play $m"
    k=$((k + 1))
    [ $((k % 6)) -eq 0 ] && script+=$'\n'"position"
  done
  script+=$'\n'"position"
  printf '%s\n' "$script" | "$bin" engine | grep -o '^= \(standard\|blitz\) .*' | sed 's/^= //' \
    | awk -v d="$out/position" -v f="$(basename "$f" .sgf)" '{print > (d "/" f "-" NR)}'
  # Protocol seeds: the first 40 lines of the session, plus undo/redo/showboard.
  printf '%s\nundo\nundo\nredo\nshowboard\nlegal_moves\nstatus\nmoves\n' "$(printf '%s\n' "$script" | head -40)" \
    > "$out/protocol/game-$(basename "$f" .sgf)"
done

# ---- zip: small archives of real SGF files, stored and deflated ----
python3 - "$out/zip" $(head -6 "$tmp/sgfs") <<'PY'
import sys, zipfile, os
out, files = sys.argv[1], sys.argv[2:]
for i, method in enumerate([zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED]):
    with zipfile.ZipFile(os.path.join(out, f"games-{i}.zip"), "w", method) as z:
        for f in files[i * 3:(i + 1) * 3]:
            z.write(f, os.path.basename(f))
with zipfile.ZipFile(os.path.join(out, "dir.zip"), "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("games/", "")
    z.writestr("games/a.sgf", "(;GM[22]SU[Zertz];P0[0 Start P0])")
    z.comment = b"archive comment"
PY

# ---- tables: small valid WDL and DTM files in the core/tables/tb_probe.h layout;
# each seed starts with the fuzz target's mode byte ----
python3 - "$out/tb" <<'PY'
import sys, os, struct, zlib
out = sys.argv[1]
def table(kind, positions, level, max_rings, marble_set, fill):
    ppb = 1 << 16 if kind == 1 else 1 << 14
    nblocks = (positions + ppb - 1) // ppb
    blocks, index, offset = [], b"", 0
    for b in range(nblocks):
        n = min(ppb, positions - b * ppb)
        raw = bytes(fill(b * ppb + i) for i in range((n + 3) // 4 if kind == 1 else n))
        comp = zlib.compress(raw)
        index += struct.pack("<QII", offset, len(comp), zlib.crc32(raw))
        blocks.append(comp)
        offset += len(comp)
    h = b"ZERTZTB\x1a" + struct.pack("<IIIIIIQQIIQIIQQQ", 1, kind, marble_set, level, max_rings, 1,
                                      0x123456789abcdef, positions, ppb, nblocks, 104 + 16 * nblocks,
                                      zlib.crc32(index), 9, 10, 20, 30)
    h += b"\0" * (100 - len(h))
    h += struct.pack("<I", zlib.crc32(h))
    return h + index + b"".join(blocks)
seeds = {
    "wdl-small": table(1, 300, 3, 4, 1, lambda i: (i * 37) % 256),
    "wdl-2blocks": table(1, 70000, 4, 4, 0, lambda i: 0x1b),
    "dtm-small": table(2, 500, 2, 5, 1, lambda i: i % 12),
    "dtm-2blocks": table(2, 20000, 5, 6, 0, lambda i: (i % 7) + 1),
}
for name, data in seeds.items():
    for mode in (0, 3):
        with open(os.path.join(out, f"{name}-mode{mode}"), "wb") as f:
            f.write(bytes([mode]) + data)
PY
# ---- weights: selector byte (even: as written, odd: resealed by the target;
# fuzz_weights.cpp) + a weights file: linear, with variant parts, a network ----
for w in eval-v3 eval-v7 eval-v2; do
  for mode in 0 1; do
    { printf "\\x0$mode"; cat "$root/core/engine/weights/$w.txt"; } > "$out/weights/$w-mode$mode"
  done
done
# Hand-written seeds and fuzz findings (regress-*) of every target.
for d in "$here"/seeds/*/; do cp "$d"* "$out/$(basename "$d")/"; done
du -sh --apparent-size "$out"; for d in "$out"/*; do echo "$(basename "$d"): $(ls "$d" | wc -l) files"; done

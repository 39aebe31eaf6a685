#!/usr/bin/env bash
# The opening explorer's book from every game of ../shared (archive and
# records): games, positions, shards, bytes and seconds (docs/explorer.md).
# Figures: bench/puzzles.md.   bench/explorer.sh [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${ZERTZ_BIN:-build/native/zertz}"
out="${1:-$(mktemp -d)}"
[ -x "$bin" ] || { echo "bench/explorer.sh: $bin not built" >&2; exit 2; }
echo "bench/explorer.sh: load before $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
"$bin" explorer ../shared/archive ../shared/records --out "$out"
echo "bench/explorer.sh: gzip of all shards $(cat "$out"/explorer-*.json | gzip -c | wc -c) bytes; largest shard $(ls -S "$out" | sed -n 1p) $(stat -c %s "$out/$(ls -S "$out" | sed -n 1p)") bytes"

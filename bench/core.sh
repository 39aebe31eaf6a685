#!/usr/bin/env bash
# Rules-core speed: perft leaves/s (bulk-counted) from the start positions,
# and the bench signature with its time. Usage: bench/core.sh [build dir]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-build/native}/zertz
echo "== perft, standard 37, bulk counting at the leaves, one core"
"$bin" perft --layout 37 --marbles standard 3
echo "== perft, standard 48 and 61, depth 3"
"$bin" perft --layout 48 --marbles standard 3 | tail -1
"$bin" perft --layout 61 --marbles standard 3 | tail -1
echo "== bench signature (must equal the wasm build's)"
"$bin" bench 3

#!/usr/bin/env bash
# Browser-client benchmark, all figures from one run on this machine:
#  - wasm/native time ratio on the same bench (core/engine/bench.h, depth 3)  target <= 1.1
#  - navigation to a playable board on localhost (build/site)          target <= 1 s
#  - navigation to the puzzles page's first puzzle (its whole file read)
#  - engine reply at the default level, in the page's worker           target <= 1 s
#  - download size: zertz.wasm + all JS                                target <= 500 KB
# Needs build/native, build/wasm and build/site (make site).
set -euo pipefail
cd "$(dirname "$0")/.."
exec node --no-experimental-fetch bench/web.mjs "$@"

#!/usr/bin/env bash
# The build refuses a wrong-way include between the core's layers
# (scripts/check-layers.cmake): on a scratch copy of the sources, a table
# file that includes a proof header fails the build, naming the file and the
# include; the unchanged copy passes the same check. Within the rules core
# the files are ordered as well: game, below notation, may not include it.
set -uo pipefail
src="${ZERTZ_SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

mkdir -p "$tmp/src"
(cd "$src" && tar cf - CMakeLists.txt core scripts tests cli solver wasm fuzz 2>/dev/null) | (cd "$tmp/src" && tar xf -)
cmake -S "$tmp/src" -B "$tmp/build" -DZERTZ_SCRIPT_TESTS=OFF > "$tmp/configure.log" 2>&1 || { cat "$tmp/configure.log"; fail "the scratch copy configures"; }

cmake --build "$tmp/build" --target zertz_layers > "$tmp/good.log" 2>&1 || { cat "$tmp/good.log"; fail "the unchanged sources pass the layering check"; }

# refused TARGET PATTERN WHAT: building TARGET fails, and the error matches
# PATTERN (it names the file, the include and what may be included).
refused() {
  local log="$tmp/refused.log"
  if cmake --build "$tmp/build" --target "$1" > "$log" 2>&1; then cat "$log"; fail "$3 fails the build"; fi
  grep -q "$2" "$log" || { cat "$log"; fail "the error for $3 names the file, the include and what it may include"; }
}

# A wrong-way include: tables (below proof) including a proof header.
sed -i 's|#include "core/tables/tb_probe.h"|#include "core/tables/tb_probe.h"\n#include "core/proof/proof.h"|' "$tmp/src/core/tables/tb_reader.h"
grep -q '"core/proof/proof.h"' "$tmp/src/core/tables/tb_reader.h" || fail "the scratch edit added the include"
refused zertz_rules 'core/tables/tb_reader.h: #include "core/proof/proof.h": core/tables/ may include only core/tables, core' \
  "a table file including a proof header"

# A rules file including anything above the rules is refused too.
sed -i '/"core\/proof\/proof.h"/d' "$tmp/src/core/tables/tb_reader.h"
sed -i 's|#include "core/position.h"|#include "core/position.h"\n#include "core/engine/search.h"|' "$tmp/src/core/movegen.h"
refused zertz_layers 'core/movegen.h: #include "core/engine/search.h": core/ may include only core' \
  "a rules file including the engine"

# Within the rules core: game (below notation) including notation is refused.
sed -i '/"core\/engine\/search.h"/d' "$tmp/src/core/movegen.h"
sed -i 's|#include "core/game.h"|#include "core/game.h"\n#include "core/notation.h"|' "$tmp/src/core/game.cpp"
grep -q '"core/notation.h"' "$tmp/src/core/game.cpp" || fail "the scratch edit added the notation include"
refused zertz_layers 'core/game.cpp: #include "core/notation.h": core/game may include only geometry, .*, game of core/' \
  "game including notation"
grep -q 'core/movegen.h' "$tmp/refused.log" && { cat "$tmp/refused.log"; fail "only the game include is refused"; }
echo "layering: ok"

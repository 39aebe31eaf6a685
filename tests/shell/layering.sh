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

# A wrong-way include: tables (below proof) including a proof header.
sed -i 's|#include "core/tables/tb_probe.h"|#include "core/tables/tb_probe.h"\n#include "core/proof/proof.h"|' "$tmp/src/core/tables/tb_reader.h"
grep -q '"core/proof/proof.h"' "$tmp/src/core/tables/tb_reader.h" || fail "the scratch edit added the include"
if cmake --build "$tmp/build" --target zertz_rules > "$tmp/bad.log" 2>&1; then
  cat "$tmp/bad.log"; fail "a wrong-way include fails the build"
fi
grep -q 'core/tables/tb_reader.h: #include "core/proof/proof.h": core/tables/ may include only core/tables, core' "$tmp/bad.log" ||
  { cat "$tmp/bad.log"; fail "the error names the file, the include and what the layer may include"; }

# A rules file including anything above the rules is refused too.
sed -i '/"core\/proof\/proof.h"/d' "$tmp/src/core/tables/tb_reader.h"
sed -i 's|#include "core/position.h"|#include "core/position.h"\n#include "core/engine/search.h"|' "$tmp/src/core/movegen.h"
if cmake --build "$tmp/build" --target zertz_layers > "$tmp/bad2.log" 2>&1; then
  cat "$tmp/bad2.log"; fail "a rules file including the engine fails the build"
fi
grep -q 'core/movegen.h: #include "core/engine/search.h": core/ may include only core' "$tmp/bad2.log" ||
  { cat "$tmp/bad2.log"; fail "the error names core/movegen.h and its include"; }

# Within the rules core: game (below notation) including notation is refused.
sed -i '/"core\/engine\/search.h"/d' "$tmp/src/core/movegen.h"
sed -i 's|#include "core/game.h"|#include "core/game.h"\n#include "core/notation.h"|' "$tmp/src/core/game.cpp"
grep -q '"core/notation.h"' "$tmp/src/core/game.cpp" || fail "the scratch edit added the notation include"
if cmake --build "$tmp/build" --target zertz_layers > "$tmp/bad3.log" 2>&1; then
  cat "$tmp/bad3.log"; fail "game including notation fails the build"
fi
grep -q 'core/game.cpp: #include "core/notation.h": core/game may include only geometry, .*, game of core/' "$tmp/bad3.log" ||
  { cat "$tmp/bad3.log"; fail "the error names core/game.cpp, its include and the rules below game"; }
grep -q 'core/movegen.h' "$tmp/bad3.log" && { cat "$tmp/bad3.log"; fail "only the game include is refused"; }
echo "layering: ok"

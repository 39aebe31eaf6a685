#!/usr/bin/env bash
# The build refuses a wrong-way include anywhere in the checked tree
# (scripts/check-layers.cmake): on a scratch copy of the sources, a table
# file that includes a proof header fails the build, naming the file and the
# include; the unchanged copy passes the same check. Within the rules core
# the files are ordered as well: game, below notation, may not include it.
# Above the core the same holds for solver/retro (below the MPI driver),
# cli/, wasm/ and solver/: each includes only what it declares.
set -uo pipefail
src="${ZERTZ_SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}"
. "$(dirname "$0")/lib/require.sh"
require_cmd cmake tar -- "Debian: cmake, tar"
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
sed -i '/"core\/notation.h"/d' "$tmp/src/core/game.cpp"

# plant FILE AFTER INCLUDE: adds INCLUDE after the line holding AFTER.
plant() {
  sed -i "s|$2|$2\n#include \"$3\"|" "$tmp/src/$1"
  grep -q "\"$3\"" "$tmp/src/$1" || fail "the scratch edit added $3 to $1"
}
unplant() { sed -i "\|#include \"$2\"|d" "$tmp/src/$1"; }

# The MPI-free solver sits on the tables, below the proof search and the CLI.
plant solver/retro/verify.cpp '#include "core/tables/tb_probe.h"' core/proof/proof.h
refused zertz_layers 'solver/retro/verify.cpp: #include "core/proof/proof.h": solver/retro/ may include only' \
  "the retrograde solver including the proof search"
unplant solver/retro/verify.cpp core/proof/proof.h

# The CLI may not reach into the solver, the bindings or the MPI driver.
plant cli/zip.cpp '#include "zip.h"' solver/retro/shape_store.h
refused zertz_layers 'cli/zip.cpp: #include "solver/retro/shape_store.h": cli/ may include only' \
  "the CLI including the retrograde solver"
unplant cli/zip.cpp solver/retro/shape_store.h

# The bindings sit on the core alone.
plant wasm/records.cpp '#include "core/records/record.h"' cli/command.h
refused zertz_layers 'wasm/records.cpp: #include "cli/command.h": wasm/ may include only' \
  "the bindings including the CLI"
unplant wasm/records.cpp cli/command.h

# The MPI driver may use the retrograde solver, never the CLI.
plant solver/main.cpp '#include "solver.h"' cli/protocol.h
refused zertz_layers 'solver/main.cpp: #include "cli/protocol.h": solver/ may include only' \
  "the MPI driver including the CLI"
unplant solver/main.cpp cli/protocol.h

# And nothing below may include what sits above it: a table file including the CLI.
plant core/tables/tb_reader.cpp '#include "core/tables/tb_reader.h"' cli/zip.h
refused zertz_layers 'core/tables/tb_reader.cpp: #include "cli/zip.h": core/tables/ may include only' \
  "a table file including the CLI"
unplant core/tables/tb_reader.cpp cli/zip.h
cmake --build "$tmp/build" --target zertz_layers > "$tmp/good.log" 2>&1 || { cat "$tmp/good.log"; fail "the sources pass again once the plants are gone"; }
echo "layering: ok"

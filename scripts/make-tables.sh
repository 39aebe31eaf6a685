#!/usr/bin/env bash
# Builds the small default endgame-table set for the site into OUTDIR
# (called by scripts/make-site.sh; about a minute on 2 cores the first time).
# Solved sets are cached in build/tables/<set>-N<n>/ with a stamp of the
# sources that determine the tables, so later runs (every `make test`) only
# copy. Override the sets with ZERTZ_TABLE_SETS="blitz:4 standard:4".
# Writes <set>-<n>.wdl/.dtm, <set>.json per set and manifest.json listing them.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: scripts/make-tables.sh OUTDIR}
sets=${ZERTZ_TABLE_SETS:-"blitz:4 standard:4"}
ranks=${ZERTZ_TABLE_RANKS:-2}
cache=build/tables

solve=""
for b in build/native/zertz-solve build/solver/zertz-solve; do [ -x "$b" ] && { solve=$b; break; }; done
if [ -z "$solve" ] && [ -d build/native ]; then
  cmake --build build/native --target zertz-solve -j2 >/dev/null 2>&1 || true
  [ -x build/native/zertz-solve ] && solve=build/native/zertz-solve
fi
if [ -z "$solve" ]; then
  echo "make-tables: zertz-solve not built (needs Open MPI and Boost.Serialization); site without tables" >&2
  exit 0
fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

# Everything that can change a table's bytes: rules core, index scheme,
# solver and table format sources, and the sets asked for.
stamp=$( { cat core/geometry.h core/types.h core/zobrist.h core/position.h core/position.cpp \
             core/movegen.h core/movegen.cpp core/tables/tb_*.h core/tables/tb_*.cpp solver/*.h solver/*.cpp solver/retro/*.h solver/retro/*.cpp;
           echo "$sets"; } | sha256sum | cut -d' ' -f1)

mkdir -p "$out" "$cache"
# Several checkouts' builds (make site, make test) may run at once: one
# solver at a time per cache, the others wait and then find it up to date.
exec 9>"$cache/.lock"
flock 9
manifest="{\n  \"format\": 1,\n  \"sets\": ["
first=1
for spec in $sets; do
  set=${spec%%:*} n=${spec##*:}
  dir=$cache/$set-N$n
  if [ -f "$dir/stamp" ] && [ "$(cat "$dir/stamp")" = "$stamp" ] && [ -f "$dir/$set.json" ]; then
    echo "make-tables: $set up to $n rings: up to date in $dir"
  else
    echo "make-tables: solving $set up to $n rings on $ranks ranks..."
    rm -rf "$dir" "$dir.tmp"
    t0=$(date +%s)
    nice mpirun --oversubscribe --mca mpi_yield_when_idle 1 -np "$ranks" "$solve" --quiet \
      --marbles "$set" --rings "$n" --out "$dir.tmp" | grep -E "^(tables|summary):" || true
    [ -f "$dir.tmp/$set.json" ] || { echo "make-tables: solve of $set N=$n failed" >&2; exit 1; }
    rm -rf "$dir.tmp/checkpoint"
    echo "$stamp" > "$dir.tmp/stamp"
    mv "$dir.tmp" "$dir"
    echo "make-tables: $set up to $n rings solved in $(( $(date +%s) - t0 )) s"
  fi
  cp "$dir"/*.wdl "$dir"/*.dtm "$dir/$set.json" "$out/"
  [ $first = 1 ] || manifest+=","
  manifest+="\n    \"$set.json\""
  first=0
done
printf "%b\n  ]\n}\n" "$manifest" > "$out/manifest.json"
echo "make-tables: $(du -sh "$out" | cut -f1) in $out"

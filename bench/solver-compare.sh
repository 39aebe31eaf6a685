#!/usr/bin/env bash
# Solver binaries back to back on one table set, 1 rank each, in one run:
# positions per CPU second of each (its own summary line), the ratio to the
# first binary's, the load average around each solve, and whether every
# table file (WDL, DTM, the set's json) is byte-identical to the first's.
# Usage: bench/solver-compare.sh SET N SOLVE [SOLVE ...]
#   e.g. nice -n 10 bench/solver-compare.sh blitz 5 old/zertz-solve build/native/zertz-solve
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 3 ] || { echo "usage: bench/solver-compare.sh SET N SOLVE [SOLVE ...]" >&2; exit 2; }
set_=$1
n=$2
shift 2
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
field() { echo "$1" | tr ' ' '\n' | awk -v k="$2" 'prev==k{print; exit} {prev=$0}'; }
rates=()
k=0
for solve in "$@"; do
  load=$(cut -d' ' -f1-3 /proc/loadavg)
  s=$(mpirun --oversubscribe -np 1 "$solve" --marbles "$set_" --rings "$n" --out "$tmp/$k" | grep '^summary:')
  rates+=("$(field "$s" pos/cpu-s)")
  echo "$solve: $(field "$s" positions) positions, $(field "$s" cpu-seconds) CPU s, ${rates[$k]} positions per CPU second" \
       "(load average before: $load; after: $(cut -d' ' -f1-3 /proc/loadavg); 2 cores)"
  if [ "$k" -gt 0 ]; then
    same=yes
    for f in $(find "$tmp/0" -maxdepth 1 -type f | sort); do cmp -s "$f" "$tmp/$k/$(basename "$f")" || { same=no; echo "  DIFFERS: $(basename "$f")"; }; done
    echo "  tables byte-identical to the first binary's: $same ($(find "$tmp/0" -maxdepth 1 -type f | wc -l) files);" \
         "rate ratio $(awk -v a="${rates[$k]}" -v b="${rates[0]}" 'BEGIN{printf "%.3f", a/b}')"
  fi
  k=$((k + 1))
done

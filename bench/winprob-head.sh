#!/usr/bin/env bash
# Measures the candidate win-probability head (bench/winprob_head.py ->
# bench/winprob-head.md): dumps the engine's score and the learned features
# of every position of the human-vs-human games, the records' at 50,000
# nodes (as bench/calibrate.sh) and the archive's at 20,000, years 2004-2009
# and 2012-2019 (2010-2011 left out to keep the dumps near an hour of CPU:
# 5,100 games, 150,000 positions), then fits and reports.
# Existing dumps newer than the zertz binary are reused.
#   bench/winprob-head.sh [RECORDS_DIR] [ARCHIVE_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
records=${1:-../shared/records}
archive=${2:-../shared/archive}
zertz=${ZERTZ_BIN:-build/native/zertz}
dir=${ZERTZ_HEAD_DUMPS:-/tmp/zertz-winprob-head}
mkdir -p "$dir"
dump() {  # dump NAME NODES PATH...
  local out="$dir/$1.tsv" nodes=$2
  shift 2
  if [[ ! -s "$out" || "$zertz" -nt "$out" ]]; then
    nice "$zertz" calibrate --features --nodes "$nodes" "$@" > "$out.part" 2> "$out.log"
    mv "$out.part" "$out"
  fi
}
dump records 50000 "$records" &
dump archive-early 20000 "$archive"/archive-200[4-9] &
wait
dump archive-late 20000 "$archive"/archive-201[2-9]
/usr/bin/python3 bench/winprob_head.py "$dir/records.tsv" "$dir/archive-early.tsv" "$dir/archive-late.tsv" \
  --report bench/winprob-head.md

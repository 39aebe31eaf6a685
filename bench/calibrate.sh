#!/usr/bin/env bash
# The win-probability model (core/engine/winprob.h): dumps the engine's score
# and the learned features of every position of the games between two people,
# the records' at NODES (default 50,000, kWinProbNodes) and the archive's at
# 20,000 (years 2004-2009 and 2012-2019: 2010-2011 are left out to keep the
# dumps near half an hour of CPU, about 5,500 games), then fits and reports
# (bench/winprob_fit.py -> bench/calibration.md and
# core/engine/winprob_model.inc, which the build compiles in).
# Dumps go to ZERTZ_CALIBRATION_DUMPS (default /tmp/zertz-calibration) and are
# reused when newer than the zertz binary (the search is deterministic, so
# the same engine gives the same scores).
#   bench/calibrate.sh [NODES] [RECORDS_DIR] [ARCHIVE_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
nodes=${1:-50000}
records=${2:-${ZERTZ_RECORDS_DIR:-../shared/records}}
archive=${3:-../shared/archive}
zertz=${ZERTZ_BIN:-build/native/zertz}
dir=${ZERTZ_CALIBRATION_DUMPS:-/tmp/zertz-calibration}
mkdir -p "$dir"
dump() {  # dump NAME NODES PATH...
  local out="$dir/$1.tsv" n=$2
  shift 2
  if [[ ! -s "$out" || "$zertz" -nt "$out" ]]; then
    nice "$zertz" calibrate --features --nodes "$n" "$@" > "$out.part" 2> "$out.log"
    mv "$out.part" "$out"
  fi
}
dump "records-$nodes" "$nodes" "$records" &
dump archive-early 20000 "$archive"/archive-200[4-9] &
wait
dump archive-late 20000 "$archive"/archive-201[2-9]
nice /usr/bin/python3 bench/winprob_fit.py "$dir/records-$nodes.tsv" "$dir/archive-early.tsv" "$dir/archive-late.tsv" \
  --nodes "$nodes" --report bench/calibration.md --model core/engine/winprob_model.inc

#!/usr/bin/env bash
# The win-probability calibration: dumps the engine's score at a fixed node
# budget for every position of the human-vs-human games in the records, then
# fits and reports (bench/calibrate.py -> bench/calibration.md). The fitted
# coefficients go by hand into core/engine/winprob.cpp (a test checks they
# match the report). The dump takes about 4 CPU minutes at 50,000 nodes and
# is kept in ZERTZ_CALIBRATION_DUMP (default /tmp/zertz-calibration-NODES.tsv);
# an existing dump is reused when it is newer than the zertz binary (the
# search is deterministic, so the same engine gives the same scores).
#   bench/calibrate.sh [NODES] [RECORDS_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
nodes=${1:-50000}
records=${2:-${ZERTZ_RECORDS_DIR:-../shared/records}}
zertz=${ZERTZ_BIN:-build/native/zertz}
dump=${ZERTZ_CALIBRATION_DUMP:-/tmp/zertz-calibration-$nodes.tsv}
if [[ ! -s "$dump" || "$zertz" -nt "$dump" ]]; then
  nice "$zertz" calibrate --nodes "$nodes" "$records" > "$dump.part"
  mv "$dump.part" "$dump"
fi
nice python3 bench/calibrate.py "$dump" --nodes "$nodes" --report bench/calibration.md

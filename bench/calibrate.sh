#!/usr/bin/env bash
# The win-probability calibration: dumps the engine's score at a fixed node
# budget for every position of the human-vs-human games in the records, then
# fits and reports (bench/calibrate.py -> bench/calibration.md). The fitted
# coefficients go by hand into core/engine/winprob.cpp (a test checks they
# match the report). Long: about 4 CPU minutes at 50,000 nodes.
#   bench/calibrate.sh [NODES] [RECORDS_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
nodes=${1:-50000}
records=${2:-${ZERTZ_RECORDS_DIR:-../shared/records}}
zertz=${ZERTZ_BIN:-build/native/zertz}
dump=$(mktemp)
trap 'rm -f "$dump"' EXIT
nice "$zertz" calibrate --nodes "$nodes" "$records" > "$dump"
python3 bench/calibrate.py "$dump" --nodes "$nodes" --report bench/calibration.md

#!/usr/bin/env bash
# Replay speed over the real games: every zipped boardspace record (3,333
# games in archive-2024/ and archive-2025/), then everything in records/.
# Prints the replay summary (games, damaged, engine processor time, wall time).
# Usage: bench/replay.sh [build dir]   (records: $ZERTZ_RECORDS_DIR or ../shared/records)
set -uo pipefail
cd "$(dirname "$0")/.."
bin=${1:-build/native}/zertz
records=${ZERTZ_RECORDS_DIR:-../shared/records}
[ -x "$bin" ] || { echo "no $bin: build first (make native)" >&2; exit 2; }
echo "== zertz replay: the zipped archives"
start=$(date +%s.%N)
"$bin" replay --quiet "$records"/archive-2024 "$records"/archive-2025 | tail -3
end=$(date +%s.%N)
echo "wall time of the whole command: $(echo "$end - $start" | bc) s"
echo "== zertz replay: every record (zips, loose games, tournaments, tutorials)"
"$bin" replay --quiet "$records" | tail -3
# Exit 0: known damaged/unreadable records are reported above, not a bench failure.
exit 0

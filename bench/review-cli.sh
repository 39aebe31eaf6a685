#!/usr/bin/env bash
# The native `zertz review` over the hints benchmark's 40-game sample
# (zertz review-games), at a proof budget in nodes (reproducible, whatever
# the load): how many positions it values exactly, and its marks. Compare
# two builds with ZERTZ_BIN. Figures: bench/review.md.
#   bench/review-cli.sh [--nodes N] [--games N]
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${ZERTZ_BIN:-build/native/zertz}"
records="${ZERTZ_RECORDS_DIR:-../shared/records}"
nodes=20000 games=40
while [ $# -gt 0 ]; do
  case "$1" in
    --nodes) nodes="$2"; shift 2 ;;
    --games) games="$2"; shift 2 ;;
    *) echo "bench/review-cli.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[ -x "$bin" ] || { echo "bench/review-cli.sh: $bin not built" >&2; exit 2; }
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
# One record file per game: its start position and its moves.
"$bin" review-games --games "$games" "$records" |
  awk -F'\t' -v dir="$dir" '{ f = sprintf("%s/g%03d.zertz", dir, NR); printf "[Start \"%s\"]\n\n%s\n", $2, $3 > f; close(f) }'
count() { grep -c "$1" <<< "$2" || true; }  # (grep -c exits 1 on no match)
exact=0 total=0 decisive=0 mistakes=0 t0=$(date +%s)
for f in "$dir"/g*.zertz; do
  out=$("$bin" review --json --nodes "$nodes" "$f" 2>/dev/null) || { echo "bench/review-cli.sh: review failed on $f" >&2; exit 1; }
  total=$((total + $(count . "$out")))
  exact=$((exact + $(count '"value":"\(win\|loss\|draw\)' "$out")))
  decisive=$((decisive + $(count '"mark":"decisive"' "$out")))
  mistakes=$((mistakes + $(count '"mark":"mistake"' "$out")))
done
echo "bench/review-cli.sh: $bin, $games games, $nodes proof nodes per position: exact $exact of $total positions" \
  "($((exact * 1000 / total / 10)).$((exact * 1000 / total % 10))%); $decisive decisive, $mistakes mistakes;" \
  "$(($(date +%s) - t0)) s at load $(cut -d' ' -f1 /proc/loadavg)"

#!/usr/bin/env bash
# Submits an endgame-table solve as a chain of Slurm jobs, one per level
# (ring count), each starting when the previous one succeeded (afterok).
#
#   cluster/submit.sh --marbles blitz --rings 9 --out /shared/zertz/blitz-9 \
#       --ranks 256 [--mem 2000,2000,...|--mem MB] [--time 04:00:00,...] \
#       [--solver PATH] [--partition P] [--account A] [--verify] [--dry-run] [-- sbatch args]
#
# Levels already finished (DIR/slurm/level-L.done) are skipped, so running the
# same command again after a failure or a cancelled job resumes the chain; the
# first unfinished job resumes from the solver's checkpoint inside its level.
# Ranks must stay the same for the whole set (checkpoints are per rank).
# --mem and --time take one value for every level or a comma list per level
# (MiB per rank; bench/scale_model.py prints suggested lists).
# Prints one line per level: "level L job ID".
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
marbles="" rings="" out="" ranks=1 mem="" time_="" solver="${ZERTZ_SOLVE:-}" partition="" account=""
verify=0 dry=0 extra_sbatch=()
while [ $# -gt 0 ]; do
  case "$1" in
    --marbles) marbles="$2"; shift 2 ;;
    --rings) rings="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --ranks) ranks="$2"; shift 2 ;;
    --mem) mem="$2"; shift 2 ;;
    --time) time_="$2"; shift 2 ;;
    --solver) solver="$2"; shift 2 ;;
    --partition) partition="$2"; shift 2 ;;
    --account) account="$2"; shift 2 ;;
    --verify) verify=1; shift ;;
    --dry-run) dry=1; shift ;;
    --) shift; extra_sbatch=("$@"); break ;;
    *) echo "submit.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
die() { echo "submit.sh: $*" >&2; exit 2; }
case "$marbles" in blitz|standard) ;; *) die "--marbles must be blitz or standard (got '$marbles')" ;; esac
[[ "$rings" =~ ^[0-9]+$ ]] && [ "$rings" -ge 1 ] && [ "$rings" -le 12 ] || die "--rings must be 1..12 (got '$rings')"
[[ "$ranks" =~ ^[0-9]+$ ]] && [ "$ranks" -ge 1 ] || die "--ranks must be a positive number (got '$ranks')"
[ -n "$out" ] || die "--out DIR is required (on storage every node sees)"
if [ -z "$solver" ]; then solver="$(command -v zertz-solve || true)"; fi
[ -n "$solver" ] && [ -x "$solver" ] || die "zertz-solve not found: give --solver PATH or put it on PATH"
mkdir -p "$out/slurm"
out="$(cd "$out" && pwd)"

# Value for level L from "v" or "v1,v2,...,vN".
per_level() {
  local list="$1" level="$2"
  [ -z "$list" ] && return 0
  IFS=, read -r -a vals <<<"$list"
  if [ "${#vals[@]}" -eq 1 ]; then echo "${vals[0]}"; else
    [ "${#vals[@]}" -ge "$rings" ] || die "per-level list '$list' has ${#vals[@]} values, need $rings"
    echo "${vals[$((level - 1))]}"
  fi
}

prev=""
for ((L = 1; L <= rings; ++L)); do
  if [ -f "$out/slurm/level-$L.done" ]; then echo "level $L done"; continue; fi
  args=(--parsable --job-name="zertz-$marbles-$rings-L$L" --ntasks="$ranks"
        --output="$out/slurm/level-$L-%j.out"
        --export="ALL,ZERTZ_SOLVE=$solver,ZERTZ_MARBLES=$marbles,ZERTZ_RINGS=$rings,ZERTZ_LEVEL=$L,ZERTZ_OUT=$out,ZERTZ_VERIFY=$verify,ZERTZ_CLUSTER_DIR=$here")
  m="$(per_level "$mem" "$L")"; [ -n "$m" ] && args+=(--mem-per-cpu="$m")
  t="$(per_level "$time_" "$L")"; [ -n "$t" ] && args+=(--time="$t")
  [ -n "$partition" ] && args+=(--partition="$partition")
  [ -n "$account" ] && args+=(--account="$account")
  [ -n "$prev" ] && args+=(--dependency="afterok:$prev" --kill-on-invalid-dep=yes)
  if [ "$dry" = 1 ]; then
    echo "sbatch ${args[*]} ${extra_sbatch[*]} $here/solve-level.sbatch"
    prev="DRYRUN$L"
    continue
  fi
  id="$(sbatch "${args[@]}" "${extra_sbatch[@]}" "$here/solve-level.sbatch")"
  id="${id%%;*}"
  echo "level $L job $id"
  prev="$id"
done

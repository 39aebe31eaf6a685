#!/usr/bin/env bash
# Submits an endgame-table solve as a chain of Slurm jobs, one per level
# (ring count), each starting when the previous one succeeded (afterok).
# A level can also be split over a job array: J tasks each solve an equal
# range of the level's shapes (shapes never depend on each other inside a
# level), then the level's job writes its tables.
#
#   cluster/submit.sh --marbles blitz --rings 9 --out /shared/zertz/blitz-9 \
#       --ranks 64 | --ranks 1,1,2,4,8,16,64,256,1024 \
#       [--array 9:32,8:4] [--mem 2000,...|--mem MB] [--time 04:00:00,...] \
#       [--solver PATH] [--partition P] [--account A] [--verify] [--dry-run] [-- sbatch args]
#
# --ranks, --mem (MiB per rank) and --time take one value for every level or
# a comma list per level: checkpoints are per shape, not per rank, so the
# rank count may change from level to level (and array tasks of level L run
# with level L's values). --array L:J splits level L over J array tasks.
# Work already finished (DIR/slurm/*.done) is skipped, so running the same
# command again after a failure or a cancelled job resumes the chain, and
# the first unfinished job skips the shapes that have their files.
# Prints one line per submitted job: "level L job ID" / "level L array ID".
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
marbles="" rings="" out="" ranks=1 mem="" time_="" solver="${ZERTZ_SOLVE:-}" partition="" account=""
arrays="" verify=0 dry=0 extra_sbatch=()
while [ $# -gt 0 ]; do
  case "$1" in
    --marbles) marbles="$2"; shift 2 ;;
    --rings) rings="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --ranks) ranks="$2"; shift 2 ;;
    --array) arrays="$2"; shift 2 ;;
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
[[ "$rings" =~ ^[0-9]+$ ]] && [ "$rings" -ge 1 ] && [ "$rings" -le 10 ] || die "--rings must be 1..10 (got '$rings')"
[[ "$ranks" =~ ^[0-9]+(,[0-9]+)*$ ]] || die "--ranks must be a number or a comma list (got '$ranks')"
[ -z "$arrays" ] || [[ "$arrays" =~ ^[0-9]+:[0-9]+(,[0-9]+:[0-9]+)*$ ]] || die "--array must be L:J[,L:J...] (got '$arrays')"
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
# Array tasks for level L (0: none).
tasks_for() {
  local spec
  for spec in ${arrays//,/ }; do [ "${spec%%:*}" = "$1" ] && { echo "${spec##*:}"; return; }; done
  echo 0
}

# sbatch arguments shared by a level's jobs.
common_args() {
  local L=$1 k m t
  k="$(per_level "$ranks" "$L")"
  [ "$k" -ge 1 ] || die "--ranks for level $L must be >= 1"
  args=(--parsable --ntasks="$k")
  m="$(per_level "$mem" "$L")"; [ -n "$m" ] && args+=(--mem-per-cpu="$m")
  t="$(per_level "$time_" "$L")"; [ -n "$t" ] && args+=(--time="$t")
  [ -n "$partition" ] && args+=(--partition="$partition")
  [ -n "$account" ] && args+=(--account="$account")
  [ -n "$prev" ] && args+=(--dependency="afterok:$prev" --kill-on-invalid-dep=yes)
  return 0
}
env_for() {  # level, parts (empty: the level job)
  echo "ALL,ZERTZ_SOLVE=$solver,ZERTZ_MARBLES=$marbles,ZERTZ_RINGS=$rings,ZERTZ_LEVEL=$1,ZERTZ_OUT=$out,ZERTZ_PARTS=$2,ZERTZ_VERIFY=$verify,ZERTZ_CLUSTER_DIR=$here"
}
submit() {  # label, sbatch args...
  local label=$1 id
  shift
  if [ "$dry" = 1 ]; then
    echo "sbatch $* ${extra_sbatch[*]} $here/solve-level.sbatch"
    prev="DRYRUN-$label"
    return
  fi
  id="$(sbatch "$@" "${extra_sbatch[@]}" "$here/solve-level.sbatch")"
  id="${id%%;*}"
  echo "$label $id"
  prev="$id"
}

prev=""
for ((L = 1; L <= rings; ++L)); do
  if [ -f "$out/slurm/level-$L.done" ]; then echo "level $L done"; continue; fi
  J="$(tasks_for "$L")"
  if [ "$J" -gt 0 ]; then
    # Only the tasks without a .done file (a resubmitted chain).
    todo=()
    for ((I = 0; I < J; ++I)); do [ -f "$out/slurm/level-$L.part-${I}of$J.done" ] || todo+=("$I"); done
    if [ "${#todo[@]}" -gt 0 ]; then
      common_args "$L"
      list="$(IFS=,; echo "${todo[*]}")"
      submit "level $L array" "${args[@]}" --array="$list" --job-name="zertz-$marbles-$rings-L$L-part" \
        --output="$out/slurm/level-$L.part-%a-%A.out" --export="$(env_for "$L" "$J")"
    fi
  fi
  common_args "$L"
  submit "level $L job" "${args[@]}" --job-name="zertz-$marbles-$rings-L$L" \
    --output="$out/slurm/level-$L-%j.out" --export="$(env_for "$L" "")"
done

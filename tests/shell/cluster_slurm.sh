#!/usr/bin/env bash
# The cluster scripts against a real single-node Slurm started here from
# Debian's slurm-wlm and munge (cluster/local-slurm.sh): a blitz solve
# submitted as one job per level chained with afterok dependencies; the job
# of the last level is cancelled in the middle of its level; submitting the
# same command again skips the finished levels and resumes the cancelled one
# from its finished shapes; level 3 is split over a job array of two tasks,
# and the rank count changes between levels (1, 2, 1, 2); the tables must
# be bit-identical to a direct mpirun.
# Stops exactly the daemons it started (trap), whatever happens.
set -uo pipefail
src="${ZERTZ_SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}"
build="${ZERTZ_BUILD_DIR:-$src/build/native}"
solver="$build/zertz-solve"
fail() { echo "FAIL: $*" >&2; exit 1; }
. "$(dirname "$0")/lib/require.sh"
require_root "munged as the munge user, slurmd as root"
require_cmd slurmctld slurmd sbatch squeue scancel munged mpirun -- "Debian: slurm-wlm, munge, openmpi-bin"
require_exe "$solver" "the zertz-solve target, built when MPI and Boost.Serialization are found"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1  # 2 ranks on a 2-core node, whatever is running

rings=4 ranks=2
tmp="$(mktemp -d /tmp/zertz-slurm-XXXXXX)"
. "$src/cluster/local-slurm.sh"
cleanup() {
  scancel --user=root --quiet 2>/dev/null  # only this private cluster's jobs (SLURM_CONF)
  local_slurm_stop "$tmp/slurm"
  rm -rf "$tmp"
}
trap cleanup EXIT
chmod 0755 "$tmp"

# Waits (hang guard only, not a performance limit) until a command succeeds.
wait_for() {
  local what="$1" i
  shift
  for i in $(seq 1 600); do
    "$@" && return 0
    sleep 0.5
  done
  squeue >&2
  tail -n 3 "$tmp"/cluster/slurm/*.out >&2
  fail "timed out waiting for: $what"
}

echo "== direct run: mpirun -np $ranks zertz-solve --marbles blitz --rings $rings"
"$src/scripts/mpirun.sh" -np "$ranks" "$solver" --marbles blitz --rings "$rings" --out "$tmp/direct" --quiet ||
  fail "direct solve failed"

echo "== starting a private Slurm"
local_slurm_start "$tmp/slurm" || { cat "$tmp/slurm/log/"*.log >&2; fail "Slurm did not start"; }
sinfo

# A pause after every shape (a test hook) keeps the last level running long enough to be
# cancelled in its middle on a fast machine; the resume then skips the finished shapes.
export ZERTZ_EXTRA="--step-delay 1000"
submit=("$src/cluster/submit.sh" --marbles blitz --rings "$rings" --out "$tmp/cluster" --ranks 1,2,1,2
        --array 3:2 --mem 300 --solver "$solver")
echo "== submit: ${submit[*]}"
"${submit[@]}" >"$tmp/submit1.txt" || fail "submit.sh failed"
cat "$tmp/submit1.txt"
mapfile -t all < <(awk '/ (job|array) / {print $4}' "$tmp/submit1.txt")
mapfile -t ids < <(awk '/ job / {print $4}' "$tmp/submit1.txt")
[ "${#ids[@]}" = "$rings" ] || fail "expected $rings level jobs, got ${#ids[@]}"
[ "${#all[@]}" = $((rings + 1)) ] || fail "expected $rings level jobs and one array, got ${#all[@]} submissions"
grep -q "^level 3 array " "$tmp/submit1.txt" || fail "level 3 was not split over an array"
# Each submission waits for the previous one (level 3's job for its array).
for ((i = 1; i < ${#all[@]}; ++i)); do
  dep="$(scontrol show job "${all[$i]}" | grep -o 'Dependency=[^ ]*' | sed -n 1p)"
  [[ "$dep" == *"afterok:${all[$((i - 1))]}"* ]] || fail "job ${all[$i]} has '$dep', expected afterok:${all[$((i - 1))]}"
done

last="${ids[$((rings - 1))]}"
level_log="$tmp/cluster/slurm/level-$rings.solver.log"
job_state() { squeue -h -j "$1" -o '%T' 2>/dev/null; }
echo "== waiting for level $rings to be under way, then cancelling job $last"
wait_for "job $last running level $rings" bash -c "[ \"\$(squeue -h -j $last -o %T)\" = RUNNING ] && grep -q '^level $rings/' '$level_log' 2>/dev/null"
sleep 2  # let it write a mid-level checkpoint
scancel "$last"
wait_for "job $last gone" bash -c "[ -z \"\$(squeue -h -j $last -o %T)\" ]"
for ((L = 1; L < rings; ++L)); do
  [ -f "$tmp/cluster/slurm/level-$L.done" ] || fail "level $L should be done before the cancel"
done
[ ! -f "$tmp/cluster/slurm/level-$rings.done" ] || fail "level $rings finished before it could be cancelled"
[ ! -f "$tmp/cluster/blitz-$rings.wdl" ] || fail "tables exported before the cancel"

echo "== resubmitting the same command"
"${submit[@]}" >"$tmp/submit2.txt" || fail "second submit.sh failed"
cat "$tmp/submit2.txt"
[ "$(grep -c ' done$' "$tmp/submit2.txt")" = $((rings - 1)) ] || fail "finished levels were not skipped"
for I in 0 1; do [ -f "$tmp/cluster/slurm/level-3.part-${I}of2.done" ] || fail "array task $I of level 3 did not finish"; done
grep -q "tables are written by a run without --level" "$tmp/cluster/slurm/level-3.part-1.solver.log" || fail "array task 1 did not solve its shapes"
if grep -q '^level 3/4: shape' "$tmp/cluster/slurm/level-3.solver.log"; then fail "level 3's job solved shapes its array had solved"; fi
mapfile -t ids2 < <(awk '/job/ {print $4}' "$tmp/submit2.txt")
[ "${#ids2[@]}" = 1 ] || fail "expected one new job, got ${#ids2[@]}"
wait_for "job ${ids2[0]} finished" bash -c "[ -z \"\$(squeue -h -j ${ids2[0]} -o %T)\" ]"
grep -v '^level ' "$tmp/cluster/slurm/level-$rings-${ids2[0]}.out"
[ -f "$tmp/cluster/slurm/level-$rings.done" ] || fail "level $rings did not finish after the resubmit"
grep -q "^resuming at level $rings" "$level_log" || fail "the resubmitted job did not resume from a checkpoint"
intact=$(grep -o 'checkpoint: [0-9]* shape files intact' "$level_log" | tail -1 | grep -o '[0-9]*' | sed -n 1p)
[ "${intact:-0}" -gt 8 ] || fail "the resumed level skipped no finished shape of level $rings (intact: ${intact:-none})"

echo "== comparing tables with the direct run"
n=0
for f in "$tmp/direct"/*.wdl "$tmp/direct"/*.dtm; do
  cmp "$f" "$tmp/cluster/$(basename "$f")" || fail "$(basename "$f") differs from the direct run"
  n=$((n + 1))
done
[ "$n" = $((2 * rings)) ] || fail "expected $((2 * rings)) table files, compared $n"
echo "PASS: $n table files bit-identical after a cancelled and resumed level-by-level Slurm run"

#!/usr/bin/env bash
# mpirun, run once more when Open MPI 4.x's launcher race strikes: under load
# its daemon can miss the PID of a rank that finished normally and then
# report "process rank N with PID 0 ... exiting improperly" and fail the job
# (open-mpi/ompi#7833; fixed only in PRRTE, not in the 4.x that Debian 12
# ships). Only that exact report (no rank killed by a signal, no abort) is
# retried, once; zertz-solve's output is deterministic and a second run
# overwrites or resumes it, so the retry cannot change any result.
#   scripts/mpirun.sh [mpirun options] program [args]
set -uo pipefail
err="$(mktemp)"
trap 'rm -f "$err"' EXIT
for attempt in 1 2; do
  # stderr is kept to recognise the race and shown when the run ends;
  # stdout (progress, results) streams through.
  mpirun "$@" 2>"$err"
  rc=$?
  cat "$err" >&2
  if [ "$rc" -ne 0 ] && [ "$attempt" = 1 ] && grep -q "with PID 0 on" "$err" && grep -q "exiting improperly" "$err" &&
     ! grep -qE "exited on signal|MPI_ABORT|called \"abort\"" "$err"; then
    echo "scripts/mpirun.sh: Open MPI lost track of a finished rank (PID 0, open-mpi/ompi#7833); running the same command again" >&2
    continue
  fi
  exit "$rc"
done

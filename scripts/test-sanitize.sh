#!/usr/bin/env bash
# The native tests under AddressSanitizer + UndefinedBehaviorSanitizer
# (CMake option ZERTZ_SANITIZE, build dir build/sanitize, -O1 -g1):
#   * the Catch2 suite (zertz_tests), in one process;
#   * the shell tests that run our binaries (zertz; zertz-solve, also under
#     mpirun), through CTest against the sanitized build: the hostile-input
#     tests (protocol, replay, tables, HTTP, solver faults), replay.
#   * with --all, also the long tests: solver_ranks and solver_resume solve
#     and verify the same tables many times over (1..4 ranks, every resume
#     path), code the default set already runs under ASan once
#     (hostile_solver, hostile_tables); review replays each decisive mark
#     with 2 M-node proofs, over 10 minutes under ASan, code the Catch2
#     review and proof tests run there. Each alone takes longer than the
#     rest together (docs/hardening.md has the figures).
# Not here: the wasm and Chromium tests (no native code of ours to
# instrument), fuzz_smoke (it builds its own ASan + UBSan fuzzers in
# `make test`), layering (a CMake check, no binary), mpirun_retry (a script
# against a fake mpirun), cluster_slurm (the same solver runs under mpirun
# here; a private Slurm adds daemons, not code).
#   bash scripts/test-sanitize.sh            # the set above (what CI runs)
#   bash scripts/test-sanitize.sh --all      # plus solver_ranks, solver_resume
#   bash scripts/test-sanitize.sh --catch2   # the Catch2 suite only
#   JOBS=2 ...                               # build parallelism (default 2)
# Needs `make test` (or `make site`) first: a protocol test plays genmove
# with the site's 4-ring tables, build/site/tables.
# With JOBS >= 2 the Catch2 suite (one process, one core) runs beside the
# shell tests (one at a time: RESOURCE_LOCK cpu_heavy); its output is
# printed when it ends.
# Every report fails the run: UB does not recover (-fno-sanitize-recover),
# leaks are checked, and each report is also written to
# build/sanitize/reports/, which must stay empty (a test that ignores its
# child's exit status cannot hide a report). Prints the build and test times.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/scripts/sanitize/reports.sh"
build=${ZERTZ_SANITIZE_BUILD_DIR:-$root/build/sanitize}
jobs=${JOBS:-2}
mode=default
case "${1:-}" in
  "") ;;
  --all) mode=all ;;
  --catch2) mode=catch2 ;;
  *) echo "test-sanitize: unknown option '$1' (--all, --catch2)" >&2; exit 2 ;;
esac
# Shell tests left out (see above); --all keeps the long ones.
skip='fuzz_smoke|layering|mpirun_retry|cluster_slurm'
[ "$mode" = all ] || skip+='|solver_ranks|solver_resume|review'

tables=$root/build/site/tables
[ -f "$tables/blitz-4.dtm" ] && [ -f "$tables/standard-4.dtm" ] || {
  echo "test-sanitize: $tables has no 4-ring tables (the Catch2 genmove-with-tables test needs them): run 'make test' or 'make site' first" >&2
  exit 2
}

reports=$build/reports
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1:log_path=$reports/asan
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:log_path=$reports/ubsan
export LSAN_OPTIONS=suppressions=$root/scripts/sanitize/lsan.supp:print_suppressions=0

# CPU seconds (user + system) of this script's finished children: what the
# run costs whatever else the machine is doing.
cpu() { awk -v hz="$(getconf CLK_TCK)" '{ printf "%d", ($16 + $17) / hz }' "/proc/$$/stat"; }
t0=$(date +%s)
# -O1: ASan's usual level (at -O0 the tests run several times slower).
# -g1: line tables only, so every report names file and line, at a small
# part of -g's cost.
cmake -S "$root" -B "$build" -DZERTZ_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" >/dev/null
targets=(zertz_tests)
if [ "$mode" != catch2 ]; then
  targets+=(zertz)
  # zertz-solve exists only when MPI and Boost were found.
  # (A here-string: grep -q leaving a pipe early would fail it under pipefail.)
  help=$(cmake --build "$build" --target help)
  if grep -q 'zertz-solve' <<< "$help"; then targets+=(zertz-solve); fi
fi
cmake --build "$build" -j"$jobs" --target "${targets[@]}"
t1=$(date +%s) c1=$(cpu)

rm -rf "$reports"; mkdir -p "$reports"
cd "$build"
status=0
# Catch2 directly: one process for the whole suite instead of one per test
# case. Its end time goes to a file, as it may run in the background.
catch2() {
  local rc=0
  ./tests/zertz_tests --order decl || rc=$?
  date +%s > "$build/catch2.end"
  return "$rc"
}
shell_tests() {
  # Open MPI keeps its plugins loaded so that their leaks are named (and
  # suppressed: scripts/sanitize/lsan.supp); zertz-solve records every
  # allocation's full stack (scripts/sanitize/slow_unwind.cpp).
  OMPI_MCA_mca_base_component_disable_dlclose=1 \
    ctest --output-on-failure -L shell -E "^shell\\.($skip)\$"
}
if [ "$mode" = catch2 ]; then
  catch2 || status=$?
  t2=$(cat "$build/catch2.end"); t3=$t2
elif [ "$jobs" -ge 2 ]; then
  catch2 > "$build/catch2.log" 2>&1 &
  catch2_pid=$!
  shell_tests || status=$?
  t3=$(date +%s)
  wait "$catch2_pid" || status=$?
  echo "=== Catch2 suite (ran beside the shell tests):"
  cat "$build/catch2.log"
  t2=$(cat "$build/catch2.end")
else
  catch2 || status=$?
  t2=$(cat "$build/catch2.end")
  shell_tests || status=$?
  t3=$(date +%s)
fi

print_reports "$reports" sanitizer 60 || status=1
c3=$(cpu)
if [ "$mode" != catch2 ] && [ "$jobs" -ge 2 ]; then
  echo "sanitize ($mode): build $((t1 - t0)) s, then side by side: Catch2 $((t2 - t1)) s, shell tests $((t3 - t1)) s; total $(($(date +%s) - t0)) s, exit $status"
else
  echo "sanitize ($mode): build $((t1 - t0)) s, Catch2 $((t2 - t1)) s, shell tests $((t3 - t2)) s, exit $status"
fi
echo "sanitize: CPU time: build $c1 s, tests $((c3 - c1)) s; load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status

#!/usr/bin/env bash
# The native tests under AddressSanitizer + UndefinedBehaviorSanitizer
# (CMake option ZERTZ_SANITIZE, build dir build/sanitize, -O1):
#   * the Catch2 suite (zertz_tests), in one process;
#   * the shell tests that run the binaries (zertz, zertz-solve under
#     mpirun), through CTest against the sanitized build.
# Not here: the wasm and Chromium tests (no native code of ours to
# instrument), fuzz_smoke (it builds its own ASan + UBSan fuzzers in
# `make test`), layering (a CMake check, no binary), cluster_slurm (the same
# solver runs under mpirun here; a private Slurm adds daemons, not code).
#   bash scripts/test-sanitize.sh            # all of the above
#   bash scripts/test-sanitize.sh --catch2   # the Catch2 suite only
#   JOBS=2 ...                               # build parallelism (default 2)
# Every report fails the run: UB does not recover (-fno-sanitize-recover),
# leaks are checked, and each report is also written to
# build/sanitize/reports/, which must stay empty (a test that ignores its
# child's exit status cannot hide a report). Prints the build and test times.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/scripts/sanitize/reports.sh"
build=${ZERTZ_SANITIZE_BUILD_DIR:-$root/build/sanitize}
jobs=${JOBS:-2}
catch2_only=0
[ "${1:-}" = "--catch2" ] && catch2_only=1

reports=$build/reports
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1:log_path=$reports/asan
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:log_path=$reports/ubsan
export LSAN_OPTIONS=suppressions=$root/scripts/sanitize/lsan.supp:print_suppressions=0

t0=$(date +%s)
# -O1 -g1: line numbers in every report at a fraction of -O2 -g's build time.
cmake -S "$root" -B "$build" -DZERTZ_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" >/dev/null
targets=(zertz_tests zertz)
# zertz-solve exists only when MPI and Boost were found.
# (A here-string: grep -q leaving a pipe early would fail it under pipefail.)
help=$(cmake --build "$build" --target help)
if grep -q 'zertz-solve' <<< "$help"; then targets+=(zertz-solve); fi
cmake --build "$build" -j"$jobs" --target "${targets[@]}"
t1=$(date +%s)

rm -rf "$reports"; mkdir -p "$reports"
cd "$build"
status=0
# Catch2 directly: one process for the whole suite instead of one per test case.
./tests/zertz_tests --order decl || status=$?
t2=$(date +%s)
if [ "$catch2_only" = 0 ]; then
  # Under mpirun: Open MPI keeps its plugins loaded, and every allocation
  # records a full stack (slow unwinding: Open MPI's libraries have no frame
  # pointers), so that its leaks are named and suppressed, and ours are not.
  (export OMPI_MCA_mca_base_component_disable_dlclose=1 ASAN_OPTIONS=$ASAN_OPTIONS:fast_unwind_on_malloc=0
   ctest --output-on-failure -L shell -E '^shell\.(fuzz_smoke|layering|cluster_slurm)$') || status=$?
fi
t3=$(date +%s)

print_reports "$reports" sanitizer 60 || status=1
echo "sanitize: build $((t1 - t0)) s, Catch2 $((t2 - t1)) s, shell tests $((t3 - t2)) s, exit $status"
exit $status

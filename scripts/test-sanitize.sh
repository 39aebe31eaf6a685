#!/usr/bin/env bash
# The test suite under AddressSanitizer + UndefinedBehaviorSanitizer
# (CMake option ZERTZ_SANITIZE, build dir build/sanitize).
#   bash scripts/test-sanitize.sh          # Catch2 suite (zertz_tests)
#   bash scripts/test-sanitize.sh --all    # plus the shell tests, run against the sanitized zertz
#   JOBS=2 ...                             # build parallelism (default 2)
# Any ASan/UBSan report fails the run (UB does not recover; leaks are checked).
# Prints the build and test times.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build/sanitize
jobs=${JOBS:-2}
all=0
[ "${1:-}" = "--all" ] && all=1

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

t0=$(date +%s)
cmake -S "$root" -B "$build" -DZERTZ_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
targets=(zertz_tests zertz)
# zertz-solve exists only when MPI and Boost were found.
if [ "$all" = 1 ] && cmake --build "$build" --target help | grep -q 'zertz-solve'; then targets+=(zertz-solve); fi
cmake --build "$build" -j"$jobs" --target "${targets[@]}"
t1=$(date +%s)

cd "$build"
status=0
if [ "$all" = 1 ]; then
  ctest --output-on-failure -LE 'wasm|browser' -j"$jobs" || status=$?
else
  # Catch2 directly: one process for the whole suite instead of one per test case.
  ./tests/zertz_tests --order decl || status=$?
fi
t2=$(date +%s)
echo "sanitize: build $((t1 - t0)) s, tests $((t2 - t1)) s, exit $status"
exit $status

#!/usr/bin/env bash
# The threaded proof search under ThreadSanitizer (CMake option ZERTZ_TSAN,
# build dir build/tsan, -O1): the root's moves split over threads, each with
# its own proof memory, table probes serialized by a lock
# (cli/solve_command.cpp). Runs:
#   * the Catch2 test of `solve ... threads k` (1, 2, 3 threads, memories kept);
#   * `zertz solve --threads 2` on a won 48-ring endgame (must answer win 3)
#     and on 37-ring middle games whose budget runs out mid-proof;
#   * `zertz engine --tables` solving with 2 threads in and next to the
#     tables (both threads probing through the shared lock).
# Any data race, lock-order inversion or other TSan report fails the run
# (halt_on_error; each report is also written to build/tsan/reports/, which
# must stay empty).
#   bash scripts/test-tsan.sh     # JOBS=2: build parallelism (default 2)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/scripts/sanitize/reports.sh"
build=${ZERTZ_TSAN_BUILD_DIR:-$root/build/tsan}
jobs=${JOBS:-2}
reports=$build/reports
export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1:history_size=4:log_path=$reports/tsan

t0=$(date +%s)
cmake -S "$root" -B "$build" -DZERTZ_TSAN=ON -DZERTZ_SCRIPT_TESTS=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" >/dev/null
cmake --build "$build" -j"$jobs" --target zertz zertz_tests
t1=$(date +%s)

rm -rf "$reports"; mkdir -p "$reports"
status=0
fail() { echo "FAIL: $*"; status=1; }
zertz=$build/zertz

"$build/tests/zertz_tests" "solve with threads splits the root's moves over threads and answers as one thread does" ||
  fail "Catch2: solve with threads"

# A 48-ring endgame (boardspace archive) that the side to move wins in 3.
out=$("$zertz" solve --threads 2 --time 600000 --nodes 200000 \
  --position "standard 48 --.../--B..-/--...--/--....--/--.G.--/-....-/..G../.... 3,3,2 1,2,5 2,1,2 0") ||
  fail "solve --threads 2 (48-ring endgame): exit $?"
echo "48-ring endgame, 2 threads: $out"
[[ $out == "win 3 "* ]] || fail "48-ring endgame: want win 3, got: $out"

# Middle games whose node budget (per thread) ends the proof in both threads.
for pos in "standard 37 -..-/....-/....W-/....B.-/....../-..W./-..- 2,8,6 0,0,3 2,0,0 0" \
           "standard 37 --.-/...--/.....-/-..W..-/....../-..GW/-..- 1,6,6 0,1,4 3,0,0 0" \
           "standard 37 ..../...../....../......./--..../--.GG/.... 6,6,8 0,0,2 0,0,0 0"; do
  for threads in 2 3; do
    out=$("$zertz" solve --threads "$threads" --time 600000 --nodes 20000 --position "$pos") ||
      fail "solve --threads $threads '$pos': exit $?"
    echo "$threads threads: $out"
    [[ $out =~ ^(win|loss|draw|unknown) ]] || fail "solve --threads $threads '$pos': no value in: $out"
  done
done

# With tables (blitz, 1..3 rings): positions of 3 to 5 rings, whose proofs
# probe the tables from both threads at once.
replies=$(printf '%s\n' \
  "setposition blitz 0:3 ... 2,3,9 1,2,0 2,2,0 0" "solve threads 2" "solve_info" \
  "setposition blitz 0:4 .... 2,3,9 1,2,0 2,2,0 0" "solve threads 2" "solve_info" \
  "setposition blitz 1:2,0:3 ../... 2,3,9 1,2,0 2,2,0 0" "solve threads 2" "solve_info" \
  "setposition blitz 1:2,0:3 ../... 2,3,9 1,2,0 2,2,0 0" "solve threads 3" "solve_info" \
  | "$zertz" engine --tables "$root/fuzz/tables") || fail "engine --tables: exit $?"
echo "$replies" | grep -v '^$'
[ "$(echo "$replies" | grep -c '^= .* tables yes')" = 4 ] || fail "engine --tables: want 4 solves using the tables"
! grep -q '^?' <<< "$replies" || fail "engine --tables: an error reply"
t2=$(date +%s)

print_reports "$reports" ThreadSanitizer 80 || status=1
echo "tsan: build $((t1 - t0)) s, tests $((t2 - t1)) s, exit $status"
exit $status

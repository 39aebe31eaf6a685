#!/usr/bin/env bash
# Runs every libFuzzer target (fuzz/fuzz_*.cpp) and reports executions and
# crashes per target. Goal: >= 10 M executions each, 0 crashes.
#   bash bench/fuzz.sh                      # 10 M runs per target (hours on 2 shared cores)
#   FUZZ_TIME=600 bash bench/fuzz.sh        # or a time budget per target, in seconds
#   FUZZ_TARGETS="move zip" bash bench/fuzz.sh
#   FUZZ_JOBS=2 ...                         # parallel fuzzing processes per target (default 1)
# Runs under `nice -n 19`. New corpus entries go to build/fuzz/work/<target>
# (the committed seeds in fuzz/corpus/<target> are only read); crash files go
# to build/fuzz/crashes/<target>/. Exit code 1 when any target crashed.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${FUZZ_BUILD_DIR:-$root/build/fuzz}
cxx=${FUZZ_CXX:-$(command -v clang++-14 || command -v clang++)}
runs=${FUZZ_RUNS:-10000000}
time_budget=${FUZZ_TIME:-}
jobs=${FUZZ_JOBS:-1}

if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S "$root/fuzz" -B "$build" -DCMAKE_CXX_COMPILER="$cxx" >/dev/null || exit 2
fi
mkdir -p "$build/logs"
# One build at a time: parallel campaigns (one target each) share build/fuzz,
# and a binary relinked under a starting fuzzer fails with "Permission denied".
flock "$build/.build.lock" nice -n 19 cmake --build "$build" -j2 >"$build/logs/build-$$.log" 2>&1 ||
  { tail -30 "$build/logs/build-$$.log" >&2; echo "fuzz build failed" >&2; exit 2; }

targets=${FUZZ_TARGETS:-$(cd "$root/fuzz" && ls fuzz_*.cpp | sed 's/^fuzz_//; s/\.cpp$//')}
printf '%-10s %14s %10s %8s %8s %8s %s\n' target executions exec/s seconds cpu-s crashes notes
status=0
for t in $targets; do
  work=$build/work/$t crashes=$build/crashes/$t log=$build/logs/$t.log
  mkdir -p "$work" "$crashes" "$(dirname "$log")"
  limit=(-runs="$runs")
  [ -n "$time_budget" ] && limit=(-max_total_time="$time_budget")
  # malloc_limit: no input may make a parser allocate more than 512 MB.
  opts=(-print_final_stats=1 -malloc_limit_mb=512 -rss_limit_mb=2048 -timeout=10
        -artifact_prefix="$crashes/" "${limit[@]}")
  stamp=$build/logs/$t.stamp
  touch "$stamp"
  start=$(date +%s.%N)
  if [ "$jobs" -gt 1 ]; then
    # -fork keeps going after a crash and counts them; executions summed from the workers' stats.
    nice -n 19 /usr/bin/time -f '%U %S' -o "$build/logs/$t.cpu" "$build/fuzz_$t" -fork="$jobs" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 "${opts[@]}" \
      "$work" "$root/fuzz/corpus/$t" >"$log" 2>&1
  else
    nice -n 19 /usr/bin/time -f '%U %S' -o "$build/logs/$t.cpu" "$build/fuzz_$t" "${opts[@]}" "$work" "$root/fuzz/corpus/$t" >"$log" 2>&1
  fi
  rc=$?
  secs=$(echo "$(date +%s.%N) - $start" | bc)
  # CPU seconds (user + system) of the fuzzer: on a shared machine the
  # wall-clock rate mostly measures the other load.
  cpu=$(tail -1 "$build/logs/$t.cpu" 2>/dev/null | awk '{printf "%.0f", $1 + $2}')
  execs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | awk '{s += $2} END {print s + 0}')
  [ "$execs" -eq 0 ] && execs=$(grep -o '^#[0-9]*' "$log" | tail -1 | tr -d '#')
  found=$(find "$crashes" -type f -newer "$stamp" -name '*-*' ! -name 'slow-unit-*' | wc -l)
  notes=""
  [ "$found" -gt 0 ] && notes="see $crashes, $log" && status=1
  [ "$rc" -ne 0 ] && [ "$found" -eq 0 ] && notes="fuzzer exited $rc, see $log" && status=1
  printf '%-10s %14s %10.0f %8.0f %8s %8s %s\n' "$t" "${execs:-0}" "$(echo "${execs:-0} / $secs" | bc -l)" "$secs" \
    "${cpu:-?}" "$found" "$notes"
done
exit $status

#!/usr/bin/env bash
# Every libFuzzer target (fuzz/) replays its committed corpus, including the
# regress-* inputs of bugs fuzzing found, then mutates it for 2000 runs (at
# most 5 s per target): a crash, sanitizer report or broken invariant fails
# the test. Builds
# build/fuzz (clang-14, incremental) when needed. Long runs: bench/fuzz.sh.
set -euo pipefail
root=${ZERTZ_SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}
build=$root/build/fuzz
cxx=$(command -v clang++-14 || command -v clang++ || true)
. "$(dirname "$0")/lib/require.sh"
[ -n "$cxx" ] || skip "clang++ is not installed (libFuzzer; Debian: clang-14)"
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S "$root/fuzz" -B "$build" -DCMAKE_CXX_COMPILER="$cxx" >/dev/null
fi
mkdir -p "$build/logs"
if ! cmake --build "$build" -j2 >"$build/logs/smoke-build.log" 2>&1; then
  tail -40 "$build/logs/smoke-build.log"; echo "FAIL: fuzz targets do not build"; exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
for src in "$root"/fuzz/fuzz_*.cpp; do
  t=$(basename "$src" .cpp); t=${t#fuzz_}
  corpus=$root/fuzz/corpus/$t
  [ -d "$corpus" ] || { echo "FAIL: $t has no corpus fuzz/corpus/$t"; fail=1; continue; }
  # Fixed seed so a failure reproduces; new inputs go to a scratch dir, never
  # into the committed corpus.
  mkdir -p "$tmp/$t"
  if "$build/fuzz_$t" -seed=1 -runs=2000 -max_total_time=5 -malloc_limit_mb=512 -timeout=10 -artifact_prefix="$tmp/$t/" \
      "$tmp/$t" "$corpus" >"$tmp/$t.log" 2>&1; then
    echo "ok   $t: $(grep -o '^Done [0-9]* runs' "$tmp/$t.log")"
  else
    echo "FAIL $t:"; grep -E 'FUZZ_CHECK|ERROR|SUMMARY|runtime error|^    #[0-9] ' "$tmp/$t.log" | head -20
    for f in "$tmp/$t"/crash-* "$tmp/$t"/leak-* "$tmp/$t"/timeout-* "$tmp/$t"/oom-*; do
      [ -f "$f" ] && { echo "  input ($f):"; head -c 400 "$f" | cat -v; echo; }
    done
    fail=1
  fi
done
exit $fail

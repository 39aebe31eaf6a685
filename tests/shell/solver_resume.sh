#!/usr/bin/env bash
# Checkpoints by shape: a solve killed (SIGKILL, --crash-after) in the
# middle of a level resumes with --resume, also on another number of ranks,
# skips the finished shapes and writes tables bit-identical to an
# uninterrupted run; a damaged shape file is solved again; a level split
# over runs by shape ranges (--level/--shapes, as a Slurm job array does)
# gives the same tables; a successful run leaves no checkpoint folder
# unless --keep-checkpoints.
set -euo pipefail
build=${ZERTZ_BUILD_DIR:?}
solve=$build/zertz-solve
. "$(dirname "$0")/lib/require.sh"
require_exe "$solve" "the zertz-solve target, built when MPI and Boost.Serialization are found"
require_cmd mpirun -- "Debian: openmpi-bin"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mpirun="${ZERTZ_SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}/scripts/mpirun.sh"  # mpirun, retried once on Open MPI's PID-0 race
run() { "$mpirun" --oversubscribe --mca mpi_yield_when_idle 1 -np "$1" "$solve" "${@:2}"; }
fail() { echo "FAIL: $*"; exit 1; }
same() {  # same DIR: every table file equals the reference's
  for f in "$tmp"/ref/*.wdl "$tmp"/ref/*.dtm "$tmp"/ref/*.json; do
    cmp "$f" "$1/$(basename "$f")" || fail "$(basename "$f") differs in $1"
  done
}

run 1 --quiet --marbles standard --rings 3 --out "$tmp/ref" > /dev/null
[ ! -e "$tmp/ref/checkpoint" ] || fail "a successful run left $tmp/ref/checkpoint"
run 2 --quiet --marbles standard --rings 3 --out "$tmp/keep" --keep-checkpoints > /dev/null
[ -f "$tmp/keep/checkpoint/L3/S0.bin" ] || fail "--keep-checkpoints kept no shape files"
same "$tmp/keep"

# Standard N=3 has 1 + 2 + 5 shapes; a crash after 5 shapes of one rank
# (4 with 2 ranks) falls inside level 3. Resume on 1, 2 and 3 ranks.
for k in 1 2; do
  for r in 1 2 3; do
    dir=$tmp/c$k-$r
    if run "$k" --marbles standard --rings 3 --out "$dir" --deal static --crash-after $((k == 1 ? 6 : 3)) \
        > "$tmp/crash.log" 2>&1; then
      fail "the induced crash did not happen"
    fi
    grep -q "induced crash" "$tmp/crash.log" || { cat "$tmp/crash.log"; fail "no crash message"; }
    [ ! -e "$dir/standard-3.dtm" ] || fail "level 3 tables written before the crash"
    [ -e "$dir/standard-2.dtm" ] || fail "level 2 tables not written before the crash"
    run "$r" --marbles standard --rings 3 --out "$dir" --resume > "$tmp/resume.log"
    grep -q "resuming at level 3" "$tmp/resume.log" || { cat "$tmp/resume.log"; fail "did not resume in level 3"; }
    intact=$(grep -o 'checkpoint: [0-9]* shape files intact' "$tmp/resume.log" | grep -o '[0-9]*' | sed -n 1p)
    [ "${intact:-0}" -ge 4 ] || { cat "$tmp/resume.log"; fail "the resume found no finished level-3 shape ($k -> $r ranks)"; }
    same "$dir"
  done
done

# A damaged shape file of a finished level is noticed and solved again.
run 2 --marbles standard --rings 3 --out "$tmp/bad" --deal static --crash-after 3 > /dev/null 2>&1 || true
python3 -c "import sys; p = sys.argv[1]; d = bytearray(open(p, 'rb').read()); d[len(d) // 2] ^= 8; open(p, 'wb').write(d)" \
  "$tmp/bad/checkpoint/L2/S1.bin"
run 2 --marbles standard --rings 3 --out "$tmp/bad" --resume > "$tmp/bad.log" 2>&1
grep -q "damaged checkpoint .*L2/S1.bin" "$tmp/bad.log" || { cat "$tmp/bad.log"; fail "damaged shape file not noticed"; }
grep -q "resuming at level 2" "$tmp/bad.log" || { cat "$tmp/bad.log"; fail "level 2 not solved again"; }
same "$tmp/bad"
# A damaged manifest: the resume starts over, same tables.
run 1 --marbles standard --rings 3 --out "$tmp/man" --crash-after 4 > /dev/null 2>&1 || true
echo garbage > "$tmp/man/checkpoint/manifest.txt"
run 1 --marbles standard --rings 3 --out "$tmp/man" --resume > "$tmp/man.log" 2>&1
grep -q "no usable checkpoint" "$tmp/man.log" || { cat "$tmp/man.log"; fail "damaged manifest was used"; }
same "$tmp/man"
# A resume with no checkpoint starts over and still gives the same tables.
run 1 --quiet --marbles standard --rings 3 --out "$tmp/fresh" --resume > /dev/null 2>&1
same "$tmp/fresh"

# One level split over runs by shape ranges, with rank counts changing
# between levels: levels 1-2 on 2 ranks, level 3 as three "array jobs"
# (1, 2 and 1 ranks), then a run that writes the tables.
dir=$tmp/split
run 2 --quiet --marbles standard --rings 3 --out "$dir" --stop-after-level 2 > /dev/null
[ -e "$dir/standard-2.dtm" ] && [ ! -e "$dir/standard-3.dtm" ] || fail "--stop-after-level 2 did not stop after level 2"
if run 1 --marbles standard --rings 3 --out "$dir" --resume --level 4 > "$tmp/lv.log" 2>&1; then fail "--level 4 > --rings accepted"; fi
run 1 --marbles standard --rings 3 --out "$dir" --resume --level 3 --shapes 0:2 > "$tmp/p1.log"
run 2 --marbles standard --rings 3 --out "$dir" --resume --level 3 --shapes 2:4 > "$tmp/p2.log"
run 1 --marbles standard --rings 3 --out "$dir" --resume --level 3 --part 2/3 > "$tmp/p3.log"
for p in p1 p2 p3; do grep -q "tables are written by a run without --level" "$tmp/$p.log" || { cat "$tmp/$p.log"; fail "$p"; }; done
[ ! -e "$dir/standard-3.dtm" ] || fail "a --level run wrote tables"
for s in 0 1 2 3 4; do [ -f "$dir/checkpoint/L3/S$s.bin" ] || fail "shape $s of level 3 not solved by the split runs"; done
run 3 --marbles standard --rings 3 --out "$dir" --resume > "$tmp/final.log"
if grep -q '^level 3/3: shape' "$tmp/final.log"; then fail "the final run solved level 3 shapes again"; fi
same "$dir"
echo "solver_resume: OK"

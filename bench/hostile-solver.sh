#!/usr/bin/env bash
# The long variant of tests/shell/hostile_solver.sh: 4-ring blitz tables and
# 8 kills at random moments (about 5 minutes on 2 shared cores).
#   bash bench/hostile-solver.sh [RINGS] [KILLS]
root=$(cd "$(dirname "$0")/.." && pwd)
export ZERTZ_BIN=${ZERTZ_BIN:-$root/build/native/zertz}
HOSTILE_RINGS=${1:-4} HOSTILE_KILLS=${2:-8} exec bash "$root/tests/shell/hostile_solver.sh"

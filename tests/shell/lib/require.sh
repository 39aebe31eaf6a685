# Sourced by every tests/shell/*.sh before it starts: the prerequisites it
# needs. A missing one ends the test with 77 (SKIP_RETURN_CODE in
# tests/CMakeLists.txt: CTest reports it skipped), naming what is missing and
# how to get it; a missing prerequisite never fails a test and never passes
# one. (Not a test itself: tests/CMakeLists.txt runs tests/shell/*.sh only.)

skip() {
  echo "SKIP: $*"
  exit 77
}

# require_cmd TOOL... -- HOW: each tool on PATH, else a skip naming it and HOW.
require_cmd() {
  local tools=() how=""
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do tools+=("$1"); shift; done
  [ "${1:-}" = "--" ] && shift && how="$*"
  local t
  for t in "${tools[@]}"; do command -v "$t" >/dev/null 2>&1 || skip "$t is not installed${how:+ ($how)}"; done
}

# require_exe PATH HOW: an executable file, else a skip naming it and HOW.
require_exe() { [ -n "$1" ] && [ -x "$1" ] || skip "no executable ${1:-(unset)}${2:+ ($2)}"; }

# require_dir PATH HOW: a directory, else a skip naming it and HOW.
require_dir() { [ -n "$1" ] && [ -d "$1" ] || skip "no directory ${1:-(unset)}${2:+ ($2)}"; }

# require_root WHY: running as root, else a skip saying why it is needed.
require_root() { [ "$(id -u)" = 0 ] || skip "needs root ($1)"; }

# Shared by bench/solver.sh and bench/solver-contention.sh (sourced, not run).

# The zertz-solve binary: $ZERTZ_SOLVE, else the native build's.
find_solve() {
  local b
  [ -n "${ZERTZ_SOLVE:-}" ] && { echo "$ZERTZ_SOLVE"; return; }
  for b in build/native/zertz-solve build/solver/zertz-solve; do [ -x "$b" ] && { echo "$b"; return; }; done
  echo "$1: build zertz-solve first (make native)" >&2
  return 1
}

# The value after KEY on one of the solver's `summary:` / `level-summary:`
# lines (space-separated "key value" pairs): field LINE KEY
field() { echo "$1" | tr ' ' '\n' | awk -v k="$2" 'prev==k{print; exit} {prev=$0}'; }

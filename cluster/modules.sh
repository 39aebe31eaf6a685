# Sourced by every cluster job before it runs zertz-solve. Edit for your site
# (or set ZERTZ_MODULES): the solver needs an MPI (Open MPI 4+ tested), Boost
# serialization and zlib at run time, the same ones it was built with.
#   export ZERTZ_MODULES="gcc/12 openmpi/4.1 boost/1.81 zlib"
if [ -n "${ZERTZ_MODULES:-}" ]; then
  if command -v module >/dev/null 2>&1; then
    # shellcheck disable=SC2086
    module load $ZERTZ_MODULES
  else
    echo "modules.sh: ZERTZ_MODULES is set but there is no 'module' command" >&2
  fi
fi

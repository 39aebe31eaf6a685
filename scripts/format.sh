#!/usr/bin/env bash
# Reformats the project's C++ sources in place with .clang-format.
#   bash scripts/format.sh            # every *.cpp and *.h git tracks or would add
#   bash scripts/format.sh FILE...    # just these
# The check that nothing is left to reformat: scripts/check-format.sh.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/scripts/format-files.sh"
cd "$root"
format_files "$@" | xargs -0 -r "$clang_format" -i --style=file

#!/usr/bin/env bash
# Fails (exit 1) naming every C++ file that .clang-format would change, with
# the number of lines that would change; exit 0 when none would.
#   bash scripts/check-format.sh            # every tracked *.cpp and *.h
#   bash scripts/check-format.sh FILE...    # just these
# A missing clang-format is an error (exit 2), never a skip: scripts/setup.sh
# installs it. To fix: bash scripts/format.sh.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/scripts/format-files.sh"
cd "$root"
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
bad=0 checked=0
while IFS= read -r -d '' f; do
  checked=$((checked + 1))
  if [ ! -f "$f" ]; then echo "check-format: $f: no such file" >&2; bad=$((bad + 1)); continue; fi
  "$clang_format" --style=file --assume-filename="$f" < "$f" > "$tmp" ||
    { echo "check-format: $f: clang-format failed" >&2; bad=$((bad + 1)); continue; }
  if ! cmp -s "$f" "$tmp"; then
    echo "$f: $(diff "$f" "$tmp" | grep -c '^[<>]') lines differ from .clang-format"
    bad=$((bad + 1))
  fi
done < <(format_files "$@")
if [ "$bad" != 0 ]; then
  echo "check-format: $bad of $checked files not formatted; run: bash scripts/format.sh" >&2
  exit 1
fi
echo "check-format: $checked files formatted"

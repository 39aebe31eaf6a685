# Sourced by format.sh and check-format.sh: the clang-format to use and the
# files it applies to.
# One pinned major version: clang-format's output changes between releases,
# and scripts/setup.sh installs Debian 12's (14).
clang_format=$(command -v clang-format-14 || true)
if [ -z "$clang_format" ]; then
  echo "clang-format-14 is not installed: run scripts/setup.sh (Debian package clang-format)" >&2
  exit 2
fi
# format_files [FILE...]: NUL-separated paths relative to the repository
# root: the arguments, else every C++ source and header git tracks or would
# add (a new file, not yet added, is formatted and checked too).
format_files() {
  if (($#)); then printf '%s\0' "$@"; return; fi
  if git -C "$root" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git -C "$root" ls-files -z --cached --others --exclude-standard -- '*.cpp' '*.h'
  else
    (cd "$root" && find core cli solver wasm tests fuzz bench \( -name '*.cpp' -o -name '*.h' \) -print0)
  fi
}

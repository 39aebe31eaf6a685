# Sourced by scripts/test-sanitize.sh and scripts/test-tsan.sh.
# print_reports DIR KIND LINES: prints every report the sanitizer wrote to
# DIR (its log_path), each headed "=== KIND report FILE" and cut to LINES
# lines; fails when there is any, so that a report no test noticed still
# fails the run.
print_reports() {
  local f found=0
  for f in "$1"/*; do
    [ -e "$f" ] || continue
    echo "=== $2 report $f"
    head -n "$3" "$f"
    found=1
  done
  return "$found"
}

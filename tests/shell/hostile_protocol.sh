#!/usr/bin/env bash
# `zertz engine` (the real binary) against hostile input: a 1 MB line, binary
# garbage, NUL bytes, unknown commands, an unterminated last line. Each gets a
# "? <message>" reply and the engine keeps serving the next command.
set -uo pipefail
bin=${ZERTZ_BIN:?ZERTZ_BIN must point to the zertz binary}
. "$(dirname "$0")/lib/require.sh"
require_exe "$bin" "build the zertz target: make native"
require_cmd python3 -- "Debian: python3"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() {  # name, condition result
  if [ "$2" = 0 ]; then echo "ok   $1"; else echo "FAIL $1"; fail=1; fi
}

# One session: each hostile line followed by a probe command whose answer we know.
{
  echo "variant standard 37"
  head -c 1048576 /dev/zero | tr '\0' 'a'; echo          # 1 MB line
  echo "status"
  head -c 4096 /dev/urandom | tr -d '\n'; echo           # binary garbage
  echo "status"
  printf 'play Wd4,a1\0garbage\n'                          # NUL inside a line
  echo "status"
  echo "frobnicate the board"                              # unknown command
  echo "status"
  printf '\xff\xfe\xfd\n'                                   # invalid UTF-8
  echo "status"
  head -c 70000 /dev/zero | tr '\0' ' '; echo "status"     # 70 kB of spaces, then a command: too long
  echo "status"
  echo "play Wd4,a1"
  printf 'status'                                           # last line without newline
} > "$tmp/in"
"$bin" engine < "$tmp/in" > "$tmp/out" 2> "$tmp/err"
rc=$?
check "engine exits 0 after hostile input (exit $rc)" $([ "$rc" = 0 ] && echo 0 || echo 1)

# Replies are separated by empty lines; collect them one per line.
awk 'BEGIN { RS = ""; ORS = "\n" } { gsub(/\n/, " "); print }' "$tmp/out" > "$tmp/replies"
n=$(wc -l < "$tmp/replies")
check "one reply per command line (got $n, want 15)" $([ "$n" = 15 ] && echo 0 || echo 1)
reply() { sed -n "$1p" "$tmp/replies"; }
start_status="= turn 0 result none pool 6 8 10 captures 0 0 0 0 0 0"
check "1 MB line: error naming the length limit" $(grep -q '^? line too long' <<< "$(reply 2)" && echo 0 || echo 1)
check "binary garbage: error" $(grep -q '^? .*binary' <<< "$(reply 4)" && echo 0 || echo 1)
check "NUL inside a line: error, the move is not played" $(grep -q '^? ' <<< "$(reply 6)" && [ "$(reply 7)" = "$start_status" ] && echo 0 || echo 1)
check "unknown command: error naming it" $(grep -q "^? unknown command 'frobnicate'" <<< "$(reply 8)" && echo 0 || echo 1)
check "invalid UTF-8: error" $(grep -q '^? ' <<< "$(reply 10)" && echo 0 || echo 1)
check "a command behind 70 kB of blanks: the line is too long" $(grep -q '^? line too long' <<< "$(reply 12)" && echo 0 || echo 1)
for i in 3 5 7 9 11 13; do
  check "status after hostile line (reply $i) is the unchanged start" $([ "$(reply $i)" = "$start_status" ] && echo 0 || echo 1)
done
check "engine still plays a move afterwards" $([ "$(reply 14)" = "= Wd4,a1" ] && echo 0 || echo 1)
check "last line without newline is answered" \
  $([ "$(reply 15)" = "= turn 1 result none pool 5 8 10 captures 0 0 0 0 0 0" ] && echo 0 || echo 1)
check "nothing on stderr" $([ ! -s "$tmp/err" ] && echo 0 || echo 1)

# A 64 MB stream without any newline must not be buffered whole: the engine
# answers one error and ends with the input, its peak memory far below 64 MB
# over what an idle engine uses (GNU time; an ASan build has a larger base).
head -c 67108864 /dev/zero | tr '\0' 'x' | /usr/bin/time -f '%M' -o "$tmp/rss" "$bin" engine > "$tmp/out2" 2>&1
rc=$?
printf 'quit\n' | /usr/bin/time -f '%M' -o "$tmp/rss0" "$bin" engine > /dev/null 2>&1
grow=$(( $(tail -1 "$tmp/rss") - $(tail -1 "$tmp/rss0") ))
check "64 MB line without newline: one error, exit 0 (exit $rc), memory +${grow} kB" \
  $([ "$rc" = 0 ] && grep -q '^? line too long' "$tmp/out2" && [ "$(grep -c '^[=?]' "$tmp/out2")" = 1 ] &&
    [ "$grow" -lt 16384 ] && echo 0 || echo 1)

# Ever new custom layouts (each is kept for the whole session): past a fixed
# limit they get an error instead of growing memory, and the engine serves on.
python3 -c "
n = 0
for a in range(1, 30):
    for b in range(1, 30):
        for c in range(1, 8):
            print('variant blitz 0:%d,1:%d,0:%d' % (a, b, c)); n += 1
print('variant standard 37'); print('play Wd4,a1')" > "$tmp/layouts"
"$bin" engine < "$tmp/layouts" > "$tmp/layouts.out" 2>&1
ok=$(grep -c '^=$' "$tmp/layouts.out"); refused=$(grep -c '^? custom layout .*too many different custom layouts' "$tmp/layouts.out")
check "5887 new custom layouts: $ok accepted, $refused refused with a message, engine still plays" \
  $([ "$ok" -le 4097 ] && [ "$refused" -gt 1000 ] && [ "$((ok + refused))" = 5888 ] && grep -q '^= Wd4,a1' <<< "$(tail -2 "$tmp/layouts.out")" && echo 0 || echo 1)

if [ "$fail" != 0 ]; then echo "--- replies:"; cut -c1-200 "$tmp/replies"; cat "$tmp/err"; fi
exit $fail

#!/usr/bin/env bash
# `zertz probe --tables http://...` (cli/http_source.cpp) against a hostile
# server: garbage instead of HTTP, a server that hangs up, one that ignores
# Range, short bodies, too many bytes, compressed or chunked replies, flipped
# bytes in the served tables. Each probe exits non-zero with a message naming
# the URL (or answers exactly what the same tables answer from disk), within
# seconds, never a crash or a different value.
set -uo pipefail
bin=${ZERTZ_BIN:?ZERTZ_BIN must point to the zertz binary}
root=${ZERTZ_SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}
tables=$root/fuzz/tables   # blitz tables, 1..3 rings
. "$(dirname "$0")/lib/require.sh"
require_exe "$bin" "build the zertz target: make native"
require_cmd python3 -- "Debian: python3"
tmp=$(mktemp -d)
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL $*"; fail=1; }

# Modes by the first path segment: /good/, /garbage/, /hangup/, /norange/,
# /short/, /long/, /gzip/, /chunked/, /flip/ (XOR 0x40 on every body byte past the header).
cat > "$tmp/server.py" <<'PY'
import os, re, socket, sys, threading
root = sys.argv[1]
srv = socket.socket(); srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
srv.bind(("127.0.0.1", 0)); srv.listen(64)
print(srv.getsockname()[1], flush=True)
def handle(c):
    try:
        req = b""
        while b"\r\n\r\n" not in req:
            d = c.recv(4096)
            if not d: return
            req += d
        line = req.split(b"\r\n")[0].decode()
        path = line.split(" ")[1]
        mode, name = path.strip("/").split("/")[0], path.rsplit("/", 1)[-1]
        m = re.search(rb"Range: bytes=(\d+)-(\d+)", req)
        lo, hi = (int(m.group(1)), int(m.group(2))) if m else (0, 1 << 40)
        if mode == "garbage": c.sendall(os.urandom(3000)); return
        if mode == "hangup": return
        f = os.path.join(root, name)
        if not os.path.isfile(f):
            c.sendall(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n"); return
        data = open(f, "rb").read()
        body = data[lo:hi + 1]
        if mode == "flip": body = bytes(b ^ 0x40 if lo + i >= 104 else b for i, b in enumerate(body))
        status, extra = "206 Partial Content", ""
        if mode == "norange": status, body = "200 OK", data
        if mode == "long": body = body + b"x" * 100
        if mode == "gzip": extra = "Content-Encoding: gzip\r\n"
        if mode == "chunked": extra = "Transfer-Encoding: chunked\r\n"
        length = len(body) + (50 if mode == "short" else 0)
        c.sendall(("HTTP/1.1 %s\r\n%sContent-Length: %d\r\n\r\n" % (status, extra, length)).encode() + body)
    except Exception:
        pass
    finally:
        c.close()
while True:
    conn, _ = srv.accept()
    threading.Thread(target=handle, args=(conn,), daemon=True).start()
PY
python3 "$tmp/server.py" "$tables" > "$tmp/port" &
server=$!
for _ in $(seq 50); do [ -s "$tmp/port" ] && break; sleep 0.1; done
port=$(head -1 "$tmp/port")
[ -n "$port" ] || { echo "FAIL: test server did not start"; exit 1; }

positions=("blitz 0:3 ... 2,3,9 1,2,0 2,2,0 0" "blitz 0:1,1:2 ./.. 3,3,8 0,2,0 2,2,1 0" "blitz 0:2 .. 1,3,6 2,3,1 2,1,2 0")
for pos in "${positions[@]}"; do
  want=$("$bin" probe --tables "$tables" "$pos") || { bad "local probe of '$pos' failed"; continue; }
  got=$(timeout 60 "$bin" probe --tables "http://127.0.0.1:$port/good/" "$pos" 2>&1); rc=$?
  [ "$rc" = 0 ] && [ "$got" = "$want" ] || bad "good server: '$pos': exit $rc, '$got', want '$want'"
  for mode in garbage hangup norange short long gzip chunked flip; do
    url="http://127.0.0.1:$port/$mode/"
    got=$(timeout 60 "$bin" probe --tables "$url" "$pos" 2>&1); rc=$?
    if [ "$rc" = 0 ]; then
      [ "$got" = "$want" ] || bad "$mode: '$pos' answered '$got', the tables say '$want'"
    elif [ "$rc" = 124 ] || [ "$rc" -ge 128 ]; then
      bad "$mode: '$pos': exit $rc (hang or crash): $got"
    elif ! grep -q "127.0.0.1:$port/$mode" <<< "$got"; then
      bad "$mode: '$pos': the error does not name the URL: '$got'"
    fi
    [ "$pos" = "${positions[0]}" ] && echo "     $mode: exit $rc: $(head -c 160 <<< "$got")"
  done
done
[ "$fail" = 0 ] && echo "ok   a hostile table server gives errors naming the URL, never another value"
exit $fail

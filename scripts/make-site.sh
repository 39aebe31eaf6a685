#!/usr/bin/env bash
# Assembles the static site in build/site/: the view (web/), the wasm core
# (build/wasm) and, when present, the default endgame tables. Fails when the
# wasm build is missing (a site without it cannot play).
set -euo pipefail
cd "$(dirname "$0")/.."
site=build/site
for f in build/wasm/zertz.js build/wasm/zertz.wasm; do
  [ -f "$f" ] || { echo "make-site: $f is missing; run 'make wasm' first" >&2; exit 1; }
done
[ -f web/index.html ] || { echo "make-site: web/index.html is missing" >&2; exit 1; }
rm -rf "$site.tmp" && mkdir -p "$site.tmp"
cp -r web/. "$site.tmp/"
cp build/wasm/zertz.js build/wasm/zertz.wasm "$site.tmp/"
# Tables are optional for playing: a failed table build is reported loudly,
# and the site is still built (hints then say the tables are unavailable).
if [ -f scripts/make-tables.sh ] && ! bash scripts/make-tables.sh "$site.tmp/tables"; then
  echo "make-site: WARNING: scripts/make-tables.sh failed; the site has no endgame tables" >&2
  rm -rf "$site.tmp/tables"
fi
rm -rf "$site" && mv "$site.tmp" "$site"
code=$(cat "$site"/zertz.wasm "$site"/*.js | wc -c)
echo "site: $(du -sh "$site" | cut -f1) in $site (wasm + JS: $((code / 1024)) KB before gzip; target <= 400 KB)"

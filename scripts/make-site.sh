#!/usr/bin/env bash
# Assembles the static site in build/site/: the view (web/), the wasm core
# (build/wasm) and, when present, the default endgame tables.
set -euo pipefail
cd "$(dirname "$0")/.."
site=build/site
rm -rf "$site.tmp" && mkdir -p "$site.tmp"
if [ -d web ] && [ -n "$(ls -A web 2>/dev/null)" ]; then cp -r web/. "$site.tmp/"; fi
for f in build/wasm/zertz.js build/wasm/zertz.wasm; do [ -f "$f" ] && cp "$f" "$site.tmp/"; done
if [ -x scripts/make-tables.sh ]; then bash scripts/make-tables.sh "$site.tmp/tables"; fi
rm -rf "$site" && mv "$site.tmp" "$site"
echo "site: $(du -sh "$site" | cut -f1) in $site"

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
rm -f "$site.tmp/package.json"  # marks web/ as ES modules for the node tests only
# The type check's configuration and declarations (scripts/check-types.sh).
rm -f "$site.tmp"/tsconfig*.json && find "$site.tmp" -name '*.d.ts' -delete
# Shared page parts: a line "<!-- include NAME.part.html -->" becomes that
# file (less its leading comment), so the pages keep one head and one top bar.
for page in "$site.tmp"/*.html; do
  case $page in *.part.html) continue ;; esac
  awk -v dir=web -v page="$page" '
    /^<!-- include [A-Za-z0-9-]+\.part\.html -->$/ {
      file = dir "/" $3; lead = 1; n = 0
      while ((r = getline line < file) > 0) {
        if (lead && line ~ /^<!--/) { skipping = 1 }
        if (skipping) { if (line ~ /-->/) { skipping = 0 }; continue }
        lead = 0; print line; n++
      }
      close(file)
      if (r < 0 || n == 0) { print "make-site: " page ": include " file " is missing or empty" > "/dev/stderr"; exit 1 }
      next
    }
    { print }' "$page" > "$page.new"
  mv "$page.new" "$page"
done
rm -f "$site.tmp"/*.part.html
cp build/wasm/zertz.js build/wasm/zertz.wasm "$site.tmp/"
# Tables are optional for playing: a failed table build is reported loudly,
# and the site is still built (hints then say the tables are unavailable).
if [ -f scripts/make-tables.sh ] && ! bash scripts/make-tables.sh "$site.tmp/tables"; then
  echo "make-site: WARNING: scripts/make-tables.sh failed; the site has no endgame tables" >&2
  rm -rf "$site.tmp/tables"
fi
# Lessons: the annotated tutorial records (read by the core at run time; no
# rules or record text duplicated in JS), listed with their titles.
# The records live beside the checkout, as for the tests (tests/CMakeLists.txt).
records=${ZERTZ_RECORDS_DIR:-}
if [ -z "$records" ]; then
  for d in ../shared/records /work/shared/records; do [ -d "$d" ] && { records=$d; break; }; done
fi
tutorials=${records:-../shared/records}/tutorials
mkdir -p "$site.tmp/lessons"
lessons=(
  "zertz_basic_tutorial_011.sgf|Basic 1: forced exchanges and the Gun"
  "zertz_basic_tutorial_02.sgf|Basic 2: the extended Gun and forced isolations"
  "lost-opening.sgf|A lost opening"
  "T-Z11-mreitz-jix-2004-05-32-1330.sgf|A game on the 48-ring board (no comments)"
)
index=""
for entry in "${lessons[@]}"; do
  file=${entry%%|*}
  if [ -f "$tutorials/$file" ]; then
    install -m 644 "$tutorials/$file" "$site.tmp/lessons/"
    index+="${index:+,}{\"file\":\"$file\",\"title\":\"${entry#*|}\"}"
  else
    echo "make-site: WARNING: lesson $tutorials/$file is missing" >&2
  fi
done
echo "[$index]" > "$site.tmp/lessons/index.json"
# Puzzles (docs/puzzles.md): the verified set when the repository has one,
# else the mined set; loaded by the puzzles page only.
for f in data/puzzles/puzzles.jsonl data/puzzles/mined.jsonl; do
  [ -f "$f" ] && { install -m 644 "$f" "$site.tmp/puzzles/puzzles.jsonl"; break; }
done
[ -f "$site.tmp/puzzles/puzzles.jsonl" ] || echo "make-site: WARNING: no data/puzzles/*.jsonl; the puzzles page will say so" >&2
# The opening explorer's book (docs/explorer.md): built from the game archive
# and the records beside the checkout into build/explorer (about a minute,
# again only when the book's code changes), then copied into explorer/book/.
archive=${ZERTZ_ARCHIVE_DIR:-}
if [ -z "$archive" ]; then
  for d in ../shared/archive /work/shared/archive; do [ -d "$d" ] && { archive=$d; break; }; done
fi
book=build/explorer
if [ ! -x build/native/zertz ] || [ -z "$archive" ] || [ -z "$records" ]; then
  echo "make-site: no opening explorer (needs build/native/zertz, the archive and the records beside the checkout); the tab will say so" >&2
else
  if [ ! -f "$book/explorer-ff.json" ] || [ -n "$(find core/explorer core/symmetry.* core/zobrist.h -newer "$book/explorer-ff.json" | head -1)" ]; then
    echo "make-site: building the opening explorer from $archive and $records" >&2
    rm -rf "$book.tmp"
    nice -n 5 build/native/zertz explorer "$archive" "$records" --out "$book.tmp" >&2
    rm -rf "$book" && mv "$book.tmp" "$book"
  fi
  mkdir -p "$site.tmp/explorer/book" && cp "$book"/explorer-*.json "$site.tmp/explorer/book/"
fi
# The download: the site's own JavaScript minified (comments and long
# names cost the player bytes, not the reader: web/ keeps the source).
# Every script of the site: the glue and the service worker at its root, the
# view's modules and workers in its feature folders (web/*/).
scripts() { find "$1" -name '*.js' -not -path "$1/tables/*" -not -path "$1/lessons/*"; }
NODE_PATH=/usr/share/nodejs node scripts/minify.cjs $(scripts "$site.tmp")
rm -rf "$site" && mv "$site.tmp" "$site"
# The game's download: what index.html can load. The puzzles, rules and
# lessons pages' own modules (puzzles/, learn/) load only on those pages (as
# the puzzle file does), so they are reported apart and not counted against
# the game's 500 KB.
kb() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1024 }'; }
code=$(cat "$site"/zertz.wasm $(scripts "$site" | grep -v "^$site/puzzles/\|^$site/learn/") | wc -c)
puzzles_code=$(cat $(find "$site/puzzles" -name '*.js') | wc -c)
learn_code=$(cat $(find "$site/learn" -name '*.js') | wc -c)
echo "site: $(du -sh "$site" | cut -f1) in $site (the game's wasm + JS: $(kb "$code") KB before gzip, target <= 500 KB; the puzzles page's own JS: $(kb "$puzzles_code") KB, the rules and lessons pages': $(kb "$learn_code") KB more)"

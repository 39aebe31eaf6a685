#!/usr/bin/env bash
# Type-checks all of web/ (every file has // @ts-check; JSDoc types) with
# Debian's TypeScript: the page's modules against the DOM, the workers and
# the service worker against the worker globals. Exits 77 (skipped) when
# tsc is missing (scripts/setup.sh installs node-typescript).
set -euo pipefail
cd "$(dirname "$0")/../web"
command -v tsc >/dev/null || { echo "SKIP: tsc is missing: run 'bash scripts/setup.sh' (node-typescript)"; exit 77; }
missing=$(grep -L '^// @ts-check' $(find . -name '*.js') || true)
[ -z "$missing" ] || { echo "check-types: no // @ts-check in: $missing" >&2; exit 1; }
tsc --noEmit --allowJs --checkJs -p tsconfig.json
tsc --noEmit --allowJs --checkJs -p tsconfig.worker.json
echo "check-types: web/ type-checks"

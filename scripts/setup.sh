#!/usr/bin/env bash
# Installs whatever this project needs that the machine lacks (Debian 12),
# then the npm test dependency. Safe to run again: it only acts on what is
# missing. Used by `make play` and `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(build-essential cmake zlib1g-dev catch2 emscripten nodejs npm libopenmpi-dev openmpi-bin clang-format
          libboost-serialization-dev chromium clang libclang-rt-14-dev slurm-wlm munge nginx-light node-terser node-typescript python3-numpy)
missing=()
for p in "${packages[@]}"; do
  [ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" = "install ok installed" ] || missing+=("$p")
done
# node and npm may come from elsewhere than Debian's packages; accept them.
if command -v node >/dev/null && command -v npm >/dev/null; then
  filtered=(); for p in "${missing[@]}"; do [[ $p == nodejs || $p == npm ]] || filtered+=("$p"); done
  missing=("${filtered[@]+"${filtered[@]}"}")
fi
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if [ ! -d node_modules/playwright-core ]; then
  echo "setup: npm install (playwright-core, drives Debian's chromium; no browser download)"
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund --silent
fi

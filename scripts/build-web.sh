#!/usr/bin/env bash
# Builds the static site into build/web/site (run scripts/setup-web.sh first; test.sh and
# serve.sh do).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
CACHE="${TILEWISE_CACHE:-$HOME/.cache/tilewise}"
export NODE_PATH=/usr/share/nodejs
export IMGUI_DIR="$CACHE/src/imgui-1.86"
export SDL2_PREFIX="$CACHE/sdl2-2.26.5-emscripten"
cd "$ROOT"
emcmake cmake -S . -B build/web -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DIMGUI_DIR="$IMGUI_DIR" -DSDL2_PREFIX="$SDL2_PREFIX" >/dev/null
cmake --build build/web -j2
echo "build-web: site in $ROOT/build/web/site"

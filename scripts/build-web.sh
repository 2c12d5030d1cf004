#!/usr/bin/env bash
# Builds the static site into build/web/site (run scripts/setup-web.sh first; test.sh and
# serve.sh do). TILEWISE_WEB_BUILD=build/other puts the build (and its site/) elsewhere.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
CACHE="${TILEWISE_CACHE:-$HOME/.cache/tilewise}"
export NODE_PATH=/usr/share/nodejs
. "$ROOT/scripts/web-deps.sh"
export IMGUI_DIR SDL2_PREFIX="$SDL_PREFIX"
cd "$ROOT"
BUILD="${TILEWISE_WEB_BUILD:-build/web}"
emcmake cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DIMGUI_DIR="$IMGUI_DIR" -DSDL2_PREFIX="$SDL2_PREFIX" >/dev/null
cmake --build "$BUILD" -j2
echo "build-web: site in $ROOT/$BUILD/site"

#!/usr/bin/env bash
# Sets up everything the web build needs, from Debian's archive and npm only (idempotent):
#   1. Debian packages: emscripten, binaryen, chromium, nodejs/npm, the UI font (fonts-inter)
#      and python3-fonttools to cut it down.
#   2. Dear ImGui 1.86 and SDL2 2.26.5 *sources* from Debian source packages (never committed).
#   3. SDL2 built for the web with emcmake, only what the page uses (video, events, timers),
#      installed into a cache keyed by version and build options (minutes: built once, reused).
#   4. playwright-core from npm (pinned by package-lock.json), driving Debian's chromium.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
CACHE="${TILEWISE_CACHE:-$HOME/.cache/tilewise}"
. "$ROOT/scripts/web-deps.sh"
say() { echo "setup-web: $*"; }
die() { echo "setup-web: ERROR: $*" >&2; exit 1; }

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || die "need root or sudo to install Debian packages"
  SUDO=sudo
fi

SRC="$CACHE/src"
need_sources=0
[ -d "$SRC/imgui-$IMGUI_VERSION" ] && [ -d "$SRC/SDL2-$SDL_VERSION" ] || need_sources=1
# apt-get source needs a deb-src entry: added before the packages' apt-get update, so that a
# fresh machine updates the lists once, not once for the packages and again for the sources.
deb_src_added=0
if [ "$need_sources" = 1 ] && ! grep -rqs '^Types:.*deb-src' /etc/apt/sources.list.d/ && ! grep -qs '^deb-src' /etc/apt/sources.list; then
  say "adding a deb-src entry for Debian's archive (needed for apt-get source)"
  uri=$(awk '/^URIs:/{print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
  [ -n "$uri" ] || uri=http://deb.debian.org/debian
  printf 'Types: deb-src\nURIs: %s\nSuites: bookworm\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' "$uri" |
    $SUDO tee /etc/apt/sources.list.d/tilewise-src.sources >/dev/null
  deb_src_added=1
fi

# 1. Debian packages
# fonts-inter + python3-fonttools: the UI font, subset at build time (src/app/CMakeLists.txt)
pkgs=(emscripten binaryen chromium cmake ninja-build nlohmann-json3-dev dpkg-dev xz-utils fonts-inter python3-fonttools tesseract-ocr)
missing=()
for p in "${pkgs[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
# node and npm may come from another package source already (e.g. NodeSource's nodejs bundles npm)
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  say "installing Debian packages: ${missing[*]}"
  $SUDO apt-get update -qq || die "apt-get update failed (is Debian's archive reachable?)"
  deb_src_added=0
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" ||
    die "apt-get install ${missing[*]} failed"
else
  say "Debian packages present"
fi

# 2. Third-party sources from Debian source packages
mkdir -p "$SRC"
if [ "$need_sources" = 1 ]; then
  # The entry was added above and no package needed installing: the lists still lack it.
  if [ "$deb_src_added" = 1 ]; then
    $SUDO apt-get update -qq || die "apt-get update (deb-src) failed"
  fi
  say "downloading source packages imgui and libsdl2 into $SRC"
  (cd "$SRC" && apt-get source --download-only imgui libsdl2 >/dev/null) ||
    die "apt-get source imgui libsdl2 failed"
  for t in "$SRC"/imgui_"$IMGUI_VERSION"*.orig.tar.* "$SRC"/libsdl2_"$SDL_VERSION"*.orig.tar.*; do
    [ -f "$t" ] || continue
    case "$t" in *.asc) continue ;; esac
    say "unpacking $(basename "$t")"
    tar -xf "$t" -C "$SRC"
  done
  [ -d "$SRC/imgui-$IMGUI_VERSION" ] || die "imgui-$IMGUI_VERSION not found after unpacking"
  [ -d "$SRC/SDL2-$SDL_VERSION" ] || die "SDL2-$SDL_VERSION not found after unpacking"
else
  say "ImGui $IMGUI_VERSION and SDL2 $SDL_VERSION sources present in $SRC"
fi

export NODE_PATH=/usr/share/nodejs
# 3. SDL2 for the web, built once
if [ ! -f "$SDL_PREFIX/lib/libSDL2.a" ]; then
  say "building SDL2 $SDL_VERSION with Emscripten (takes ~6 minutes, once) into $SDL_PREFIX"
  b="$SDL_PREFIX.build"
  rm -rf "$b"
  emcmake cmake -S "$SRC/SDL2-$SDL_VERSION" -B "$b" -G Ninja "${SDL_OPTIONS[@]}" \
    -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=OFF -DCMAKE_INSTALL_PREFIX="$SDL_PREFIX" >"$CACHE/sdl2-configure.log" 2>&1 ||
    die "SDL2 configure failed, see $CACHE/sdl2-configure.log"
  cmake --build "$b" -j2 >"$CACHE/sdl2-build.log" 2>&1 || die "SDL2 build failed, see $CACHE/sdl2-build.log"
  cmake --install "$b" >/dev/null || die "SDL2 install failed"
  rm -rf "$b"
else
  say "SDL2 for the web cached at $SDL_PREFIX"
fi

# 4. playwright-core (browser driver only; the browser is Debian's chromium)
if [ ! -d "$ROOT/node_modules/playwright-core" ]; then
  say "installing playwright-core from npm (package-lock.json)"
  (cd "$ROOT" && npm ci --no-audit --no-fund --loglevel=error) || die "npm ci failed"
else
  say "playwright-core present"
fi
say "done: IMGUI_DIR=$IMGUI_DIR SDL2_PREFIX=$SDL_PREFIX"

# The web build's third-party parts: versions, SDL2's build options and where they live in
# the cache. Sourced by scripts/setup-web.sh (which fetches and builds them) and
# scripts/build-web.sh (which uses them); needs CACHE set.
SDL_VERSION=2.26.5
IMGUI_VERSION=1.86
# The page uses SDL's video (a WebGL canvas), events, timers and cursors, nothing else: the
# optional pixel blitters (SDL_LEAN_AND_MEAN), audio, joysticks, the 2D renderer and the other
# subsystems are left out (~53 KB gzipped of the app's wasm), the rest is built for size.
# Change SDL_OPTIONS → bump SDL_BUILD, so an old build is never reused for new options.
SDL_BUILD=lean1
SDL_OPTIONS=(-DCMAKE_BUILD_TYPE=MinSizeRel -DCMAKE_C_FLAGS=-DSDL_LEAN_AND_MEAN=1
  -DSDL_AUDIO=OFF -DSDL_JOYSTICK=OFF -DSDL_HAPTIC=OFF -DSDL_SENSOR=OFF -DSDL_POWER=OFF
  -DSDL_FILESYSTEM=OFF -DSDL_RENDER=OFF -DSDL_LOCALE=OFF -DSDL_MISC=OFF -DSDL_HIDAPI=OFF
  -DSDL_OFFSCREEN=OFF -DSDL_DUMMYVIDEO=OFF -DSDL_DISKAUDIO=OFF -DSDL_DUMMYAUDIO=OFF)
SDL_PREFIX="$CACHE/sdl2-$SDL_VERSION-emscripten-$SDL_BUILD"
IMGUI_DIR="$CACHE/src/imgui-$IMGUI_VERSION"
# Debian's emcc, em++, emar and emcmake are Python scripts started as `python3` from PATH: on
# a machine where that is a version manager's shim (pyenv), every call first runs the shim's
# shell scripts (~0.15 s of CPU a call; a cold web set-up and build makes ~530 calls).
# Debian's own python3, which its emscripten package is made for, starts them directly.
if [ -x /usr/bin/python3 ]; then
  export EMSDK_PYTHON=/usr/bin/python3
fi

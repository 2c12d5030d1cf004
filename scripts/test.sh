#!/usr/bin/env bash
# The one test command (README): installs what it needs (apt, npm), builds everything and
# runs every test: native unit + CLI tests, the same under ASan+UBSan, then the web build
# and the browser tests in headless Chromium. CTest prints the summary of each part.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { echo; echo "=== test.sh [+${SECONDS}s]: $* ==="; }

step "native: install packages"
./scripts/setup-native.sh
step "native: build and test (build/native)"
cmake -S . -B build/native -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j2
ctest --test-dir build/native --output-on-failure -j2 -LE browser

step "slurm: split -> sbatch --array (a task requeued mid-run) -> merge on a local cluster"
./tests/slurm/round_trip.sh build/native/src/cli/tilewise

step "sanitizers: build and test with AddressSanitizer + UndefinedBehaviorSanitizer (build/sanitize)"
cmake -S . -B build/sanitize -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTILEWISE_SANITIZE=ON >/dev/null
cmake --build build/sanitize -j2
ctest --test-dir build/sanitize --output-on-failure -j2 -L 'unit|cli'

step "fuzz: build the libFuzzer targets with clang and run each for 20 s (build/fuzz)"
./scripts/test-fuzz.sh

step "web: set up Emscripten, SDL2, ImGui, Chromium, playwright-core"
./scripts/setup-web.sh
step "web: build the site (build/web/site)"
./scripts/build-web.sh
step "browser: tests in headless Chromium (screenshots in build/screenshots)"
cmake -S . -B build/native -DTILEWISE_BROWSER_TESTS=ON >/dev/null
ctest --test-dir build/native --output-on-failure -L browser
step "all tests passed"

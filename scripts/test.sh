#!/usr/bin/env bash
# The one test command (see README): installs what it needs, builds, runs every test.
# Native part for now; the web part is added by the web-build work.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup-native.sh
cmake -S . -B build/native -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build/native -j2
ctest --test-dir build/native --output-on-failure -j2

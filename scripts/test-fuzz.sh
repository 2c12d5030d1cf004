#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (build/fuzz, -DTILEWISE_FUZZ=ON) and runs each
# for a bounded time through `ctest -L fuzz` (TILEWISE_FUZZ_SECONDS each, default 20).
# Longer runs: docs/fuzzing.md.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${TILEWISE_FUZZ_BUILD:-build/fuzz}
CC=clang CXX=clang++ cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DTILEWISE_FUZZ=ON -DTILEWISE_FUZZ_SECONDS="${TILEWISE_FUZZ_SECONDS:-20}" >/dev/null
cmake --build "$dir" -j2 --target fuzz_targets
# One target a core: each still runs its full time. TILEWISE_FUZZ_CTEST_LOG: ctest's summary
# lines also go there (test.sh's time table).
ctest --test-dir "$dir" --output-on-failure -j2 -L fuzz ${TILEWISE_FUZZ_CTEST_LOG:+-O "$TILEWISE_FUZZ_CTEST_LOG"}

#!/usr/bin/env bash
# The one test command (README): installs what it needs (apt, npm), builds everything and
# runs every test: the GitHub workflows checked against their schema, native unit + CLI
# tests, the same under ASan+UBSan (the Slurm round trip and the web setup beside them, in
# the background), the fuzzers, then the web build and the browser tests in headless
# Chromium. It needs nothing beside the repository; the parts that read optional puzzles from
# ../shared are left out when it is absent, each named in one line at the end. CTest prints
# the summary of each part; at the end (and on a failure) a table of each stage's wall and
# CPU time and the 10 slowest tests of each ctest run, also kept in build/test-times.txt
# (docs/testing.md).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/stage-times.sh
trap 'stage_report $?' EXIT
# The tests append a line here for each optional part they leave out (stage_report lists them).
export TILEWISE_SKIPPED_LOG=$PWD/build/times/skipped.txt
mkdir -p build/times
: >"$TILEWISE_SKIPPED_LOG"

stage "native: install packages"
./scripts/setup-native.sh
stage "workflows: validate .github/workflows (action-validator from npm)"
./scripts/check-workflows.sh
stage "native: build (build/native)"
cmake -S . -B build/native -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j2
stage "native: unit and CLI tests"
stage_ctest build/times/native.log --test-dir build/native --output-on-failure -j2 -LE browser

# The Slurm round trip waits on its daemons most of its time, and the web setup on downloads
# when packages are missing: both run beside the sanitizer stages (one after the other:
# each may call apt-get), joined before the fuzz stage, whose fuzzers run for a fixed time.
slurm_then_web_setup() {
  echo "=== slurm: split -> sbatch --array (a task requeued mid-run) -> merge on a local cluster ==="
  ./tests/slurm/round_trip.sh build/native/src/cli/tilewise || return
  echo "=== web: set up Emscripten, SDL2, ImGui, Chromium, playwright-core ==="
  ./scripts/setup-web.sh
}
stage_background "slurm round trip, then web: set up" build/times/background.log slurm_then_web_setup

# Only what the tests run (the benchmarks are built natively above).
stage "sanitizers: build with AddressSanitizer + UndefinedBehaviorSanitizer (build/sanitize)"
cmake -S . -B build/sanitize -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTILEWISE_SANITIZE=ON >/dev/null
cmake --build build/sanitize -j2 --target tilewise_unit_tests tilewise
stage "sanitizers: unit and CLI tests"
# Under the sanitizers two of the six slices of EdgeSolver's generated boards run (seeds
# 100-109 and 140-149: together every size, rule, border and hint case those boards are made
# with, seed mod 12); natively all six do. Under ASan they were 222 s of the stage's 420 s CPU;
# the two kept are 23% of the six's CPU natively (docs/testing.md). The heaviest edge and game
# tests run a share of their cases in this build (tests/unit/sanitized.hpp, docs/testing.md):
# the five of them 196.6 -> 60.5 s of CPU. `bench --quick` (71 s under
# ASan, the stage's second slowest) runs natively only: the same bench code runs under the
# sanitizers on one board (cli.bench_rate_of_a_puzzle_file), the solvers it times in the unit
# tests.
sanitize_skipped='EdgeSolver[.]GeneratedBoardsUpTo5x5AgreeWithBacktrackingCheckerSeeds1[1235]0To|cli[.]bench_quick_prints_ratios'
stage_ctest build/times/sanitize.log --test-dir build/sanitize --output-on-failure -j2 -L 'unit|cli' \
  -E "$sanitize_skipped"

stage "waiting for: slurm round trip, then web: set up"
stage_join

stage "fuzz: build the libFuzzer targets with clang and run each for 20 s (build/fuzz)"
stage_logs+=(build/times/fuzz.log)
TILEWISE_FUZZ_CTEST_LOG=build/times/fuzz.log ./scripts/test-fuzz.sh

stage "web: build the site (build/web/site)"
./scripts/build-web.sh
stage "browser: tests in headless Chromium, two files at a time (screenshots in build/screenshots)"
cmake -S . -B build/native -DTILEWISE_BROWSER_TESTS=ON >/dev/null
stage_ctest build/times/browser.log --test-dir build/native --output-on-failure -j2 -L browser

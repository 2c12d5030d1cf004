// The plain reference: a row-major recursive backtracker with no tables, no pruning of
// board rotations and no tricks, as in seed 001. Kept as the baseline that benchmarks
// are measured against and as a cross-check of EdgeSearch.
#pragma once

#include <cstdint>

#include "core/edge/model/puzzle.hpp"

namespace tilewise {

struct ReferenceResult {
  std::uint64_t assignments = 0;  // every solution, all board rotations counted separately
  std::uint64_t nodes = 0;        // successful placements
  std::uint64_t tries = 0;        // tile+rotations examined (seed 001's "tries")
  Solution first;                 // the first solution found (empty if none)
  bool stopped = false;           // max_tries cut the search short
};

// stop_at_first: stop at the first solution (seed 001's mode). max_tries (0 = none) bounds
// the work, for benchmarks on boards the plain search cannot finish.
ReferenceResult reference_solve(const EdgePuzzle& puzzle, bool stop_at_first,
                                std::uint64_t max_tries = 0);

}  // namespace tilewise

// The baseline for counting on boards with identical tiles: a plain C-style row-major
// backtracker as a strong hobbyist writes it, with a candidate list per (cell's frame pattern,
// side required above, side required on the left), a used flag per tile, no symmetry breaking
// and identical tiles treated as different. It counts labelled solutions, every board turn
// separately. Benchmarks only (tilewise bench); fixed tiles are not supported.
#pragma once

#include <cstdint>

#include "core/edge/puzzle.hpp"

namespace tilewise {

struct ListBaselineResult {
  std::uint64_t assignments = 0;  // labelled solutions, every board turn counted
  std::uint64_t nodes = 0;        // placements
  bool stopped = false;           // max_nodes cut the search short
};

ListBaselineResult list_baseline_count(const EdgePuzzle& puzzle, std::uint64_t max_nodes = 0);

}  // namespace tilewise

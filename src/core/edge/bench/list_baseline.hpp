// The baseline for counting on boards with identical tiles: a plain C-style row-major
// backtracker as a strong hobbyist writes it, with a candidate list per (cell's frame pattern,
// side required above, side required on the left), a used flag per tile, no symmetry breaking
// and identical tiles treated as different. It counts labelled solutions, every board turn
// separately; or, first-solution mode, stops at its first board (reading order). Benchmarks
// only (tilewise bench); fixed tiles are not supported.
#pragma once

#include <cstdint>
#include <vector>

#include "core/edge/model/puzzle.hpp"

namespace tilewise {

struct ListBaselineResult {
  std::uint64_t assignments = 0;  // labelled solutions, every board turn counted
  std::uint64_t nodes = 0;        // placements
  bool stopped = false;           // max_nodes cut the search short
  std::vector<Placement> first;   // list_baseline_first: the board found (empty: none)
};

ListBaselineResult list_baseline_count(const EdgePuzzle& puzzle, std::uint64_t max_nodes = 0);
// The same search stopped at its first solution.
ListBaselineResult list_baseline_first(const EdgePuzzle& puzzle, std::uint64_t max_nodes = 0);

}  // namespace tilewise

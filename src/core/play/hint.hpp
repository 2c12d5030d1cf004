// Hint for a board being played: find a solution that keeps as many of the current
// placements as possible and point at one placement to make. Platform-free.
#pragma once

#include <cstdint>
#include <vector>

#include "core/edge/puzzle.hpp"

namespace tilewise {

struct HintLimits {
  std::uint64_t max_solutions = 2000;   // solutions compared against the board
  std::uint64_t node_budget = 5000000;  // search steps before giving up
};

struct Hint {
  enum class Kind {
    kSolved,      // the board already is a solution
    kPlace,       // put `place` at `cell`; `kept` current cells agree with that solution
    kNoSolution,  // the puzzle (with its fixed tiles) has no solution at all
    kUnknown,     // the search budget ran out before any solution was found
  };
  Kind kind = Kind::kUnknown;
  int cell = -1;
  Placement place;
  int kept = 0;                   // cells of the current board already as in the chosen solution
  std::vector<Placement> target;  // the chosen solution (empty unless kSolved/kPlace)
};

// `cells` is the current board in reading order (tile -1 = empty cell). The puzzle must
// have passed validate_puzzle().
Hint find_hint(const EdgePuzzle& puzzle, const std::vector<Placement>& cells,
               const HintLimits& limits = {});

}  // namespace tilewise

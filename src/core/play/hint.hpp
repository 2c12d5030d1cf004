// Hint for a board being played: find a solution that keeps as many of the current
// placements as possible and point at one placement to make. Platform-free.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/edge/model/puzzle.hpp"

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

// Where the hinted tile is now on `cells`: its cell, or -1 when it is off the board (tray).
int hint_tile_cell(const Hint& hint, const std::vector<Placement>& cells);

// The hint in a player's words, e.g. "Tile 3 (now at row 2, column 3): put it at row 1,
// column 1 and turn it once clockwise. 4 tiles already fit that solution." Turns are counted
// from the tile as it lies now (tray tiles lie unturned). `cols` = the board's columns.
std::string describe_hint(const Hint& hint, const std::vector<Placement>& cells, int cols);

}  // namespace tilewise

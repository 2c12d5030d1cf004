// What a move did, in words for a screen reader: "Tile 3 turned; 7 of 12 edges match".
// Platform-free: the app compares the board before and after each change.
#pragma once

#include <string>
#include <vector>

#include "core/edge/model/puzzle.hpp"

namespace tilewise {

// The change from `before` to `after` (cells in reading order, tile -1 = empty), then how
// many of the board's inner edges match. Tiles are named 1..n as on the board.
std::string describe_move(const std::vector<Placement>& before, const std::vector<Placement>& after,
                          int matched, int inner);

}  // namespace tilewise

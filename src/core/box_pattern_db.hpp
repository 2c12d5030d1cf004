// Pattern databases for the 4x4 Puzzle Box: for a group of five numbers, the exact number
// of moves needed to bring just those five to their cells of 1..16 (the others ignored),
// for every placement of the five (16^5 one-byte entries = 1 MiB a group). Each is a lower
// bound on the real distance, so their maximum is an admissible IDA* bound.
// Memory: 3 groups x 1 MiB = 3 MiB per move set, built on first use by breadth-first search.
#pragma once

#include <cstdint>
#include <vector>

#include "core/box_puzzle.hpp"

namespace tilewise::box {

// Lower bound on the moves from `board` (a permutation of 1..16) to 1..16.
int pattern_bound_4x4(const std::vector<int>& board, MoveSet moves);

}  // namespace tilewise::box

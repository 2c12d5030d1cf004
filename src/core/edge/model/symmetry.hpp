// Rotations of the whole board and the canonical representative of a solution
// (seed 002: the rotation whose reading-order label sequence is smallest).
#pragma once

#include <string>
#include <vector>

#include "core/edge/model/puzzle.hpp"

namespace tilewise {

// Quarter turns of the whole board that map the puzzle onto itself: {0,1,2,3} for a
// square board, {0,2} for a non-square one, {0} when a fixed tile pins the board.
std::vector<int> board_symmetries(const EdgePuzzle& puzzle);

// The board turned clockwise by `quarter_turns` (each tile turns with it).
// For non-square boards only 0 and 2 are meaningful.
std::vector<Placement> rotate_board(const std::vector<Placement>& cells, int rows, int cols,
                                    int quarter_turns);

// The representative of the solution's class under board_symmetries(puzzle): smallest label
// sequence, ties broken by the rotation sequence.
Solution canonical_solution(const EdgePuzzle& puzzle, const Solution& solution);
// The quarter turns that take the solution to its representative (0: it is one).
int canonical_turn(const EdgePuzzle& puzzle, const Solution& solution);

// Strict order used for sorting solutions: labels first, then rotations.
bool solution_less(const Solution& a, const Solution& b);

// A key identifying the coloured board up to board rotation: identical tiles and symmetric
// tile rotations give the same key.
std::string board_pattern_key(const EdgePuzzle& puzzle, const Solution& solution);

}  // namespace tilewise

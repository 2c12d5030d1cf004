// A board drawn in text for the terminal, shared by `solve` and `best`.
#pragma once

#include <ostream>

#include "core/edge/puzzle.hpp"

namespace tilewise::cli {

// Each cell is three text lines: top side, "left label/rotation right", bottom side.
void print_board(std::ostream& out, const EdgePuzzle& p, const Solution& s);

}  // namespace tilewise::cli

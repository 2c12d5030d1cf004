// Printing a search result as `tilewise solve` does (boards, counts, statistics), and boards.
#pragma once

#include "core/edge/search/solver.hpp"

namespace tilewise::cli {

// A board drawn in text, each cell three lines: top side, "left label/rotation right",
// bottom side (`solve` and `best`).
void print_board(const EdgePuzzle& p, const Solution& s);

// A best board (`best`, `merge` of a best campaign): its tiles as "label r rotation", the
// board drawn, and its e2.bucas.name link when the puzzle has one.
void print_best_board(const EdgePuzzle& p, const Solution& board);

// The solutions as boards when `list`, then count, distinct boards, nodes, tries, time and
// nodes per depth.
void print_human(const EdgePuzzle& p, const SolveResult& r, bool interrupted, bool list);

}  // namespace tilewise::cli

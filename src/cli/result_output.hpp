// Printing a search result as `tilewise solve` does (boards, counts, statistics).
#pragma once

#include "core/edge/solver.hpp"

namespace tilewise::cli {

// The solutions as boards when `list`, then count, distinct boards, nodes, tries, time and
// nodes per depth.
void print_human(const EdgePuzzle& p, const SolveResult& r, bool interrupted, bool list);

}  // namespace tilewise::cli

// Cheap proofs that a valid puzzle has no solution: sides that can never be matched
// (a motif half or colour with no partner on any other tile) where too few sides face the
// outside, and frames whose colour counts cannot work. Such puzzles are legal input (a lonely
// half may face the outside of a free border); they are answered as "no solution" with the
// reason, not refused as bad files.
#pragma once

#include <string>

#include "core/edge/model/puzzle.hpp"

namespace tilewise {

// The first reason found, phrased for the user; empty when no cheap proof applies (the
// puzzle may still have no solution: only the search can tell).
std::string unsolvable_reason(const EdgePuzzle& puzzle);

}  // namespace tilewise

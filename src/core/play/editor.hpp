// The puzzle editor's operations (platform-free). A draft may be inconsistent while it is
// edited (e.g. a side left empty); finish_draft() checks it with
// validate_puzzle() and only then may it replace the puzzle being played.
#pragma once

#include "core/edge/model/puzzle.hpp"
#include "core/result.hpp"

namespace tilewise {

// A consistent starting point of rows x cols tiles, already solved as laid out:
// complement: every inner edge is motif 1 (tiles -1,+1,+1,-1); equal: colour 1 everywhere,
// colour 0 on the perimeter when `frame`. Errors for sizes outside 1..16 or a
// complementary frame.
Result<EdgePuzzle> blank_puzzle(int rows, int cols, MatchRule rule, bool frame);

// Each returns false (and changes nothing) for an index or value out of range.
bool set_tile_side(EdgePuzzle& draft, int tile, int side, Side value);

// The draft as a playable puzzle, or the first problem (`where` = "editor").
Result<EdgePuzzle> finish_draft(const EdgePuzzle& draft);

}  // namespace tilewise

// Structural checks of an EdgePuzzle, shared by the file parsers, the link decoder and
// the browser editor, so every entry point rejects the same things with the same words.
// Puzzles that are well formed but cannot be solved (a lonely motif half inside a frame, a
// frame colour count that does not fit the perimeter) pass: the search answers them as
// "no solution" with the reason (edge/search/unsolvable.hpp).
#pragma once

#include <string>

#include "core/edge/model/puzzle.hpp"
#include "core/result.hpp"

namespace tilewise {

inline constexpr int kMaxComplementMotifs = 26;  // letters A..Z in the text format
inline constexpr int kMaxEqualColour = 999;

// "tile 3 ('name')": how messages name tile t (0-based) of the puzzle.
std::string tile_ref(const EdgePuzzle& puzzle, int t);

// Ok(true) or the first problem found; `where` is left empty for the caller to fill.
Result<bool> validate_puzzle(const EdgePuzzle& puzzle);

}  // namespace tilewise

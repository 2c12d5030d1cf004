// Reading and writing edge-matching puzzle files.
//
// Two formats are read (auto-detected):
// - the native text format (docs/puzzle-format.md; the interchange format of
//   shared/puzzles/external/FORMAT.md): `size`, `match`, `border`, `tile`, `fix` lines;
// - seed 004's card format: `CardName TOP RIGHT BOTTOM LEFT` with sides like
//   `HEAD-VIOLET` / `TAIL-BLUE`; the board is the square that holds all cards.
// The native format is written.
#pragma once

#include <string>
#include <string_view>

#include "core/edge/model/puzzle.hpp"
#include "core/result.hpp"

namespace tilewise {

inline constexpr std::size_t kMaxPuzzleFileBytes = 1 << 20;

// Parses either format. Errors name `source_name:line` and the problem.
Result<EdgePuzzle> parse_puzzle(std::string_view text, std::string_view source_name);

// Writes the native format; parse_puzzle(format_puzzle(p)) gives p back.
std::string format_puzzle(const EdgePuzzle& puzzle);

// Text of one side as written in the native format ("A", "b", "17").
std::string side_text(MatchRule rule, Side side);

}  // namespace tilewise

// Random solvable puzzles (seed 002): a random solved board, then tiles shuffled and turned.
#pragma once

#include <cstdint>

#include "core/edge/puzzle.hpp"
#include "core/result.hpp"

namespace tilewise {

struct GenerateOptions {
  int rows = 3, cols = 3;
  int motifs = 4;  // complement: motifs 1..26; equal: inner colours 1..motifs
  MatchRule rule = MatchRule::kComplement;
  BorderRule border = BorderRule::kFree;
  std::uint64_t seed = 1;
  int fixed_hints = 0;  // tiles fixed at their solved place
  // Framed boards: 0 = the sides between two frame tiles draw from the inner colours; N > 0 =
  // they take colours 1..N of their own and the inner colours become N+1..N+motifs, as in
  // Eternity II (5 frame colours, 17 inner ones).
  int frame_motifs = 0;
};

// The same options give the same puzzle on every machine. Errors for impossible options.
Result<EdgePuzzle> generate_puzzle(const GenerateOptions& options);

}  // namespace tilewise

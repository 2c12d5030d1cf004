// Random solvable puzzles (seed 002): a random solved board, then tiles shuffled and turned.
#pragma once

#include <cstdint>

#include "core/edge/model/puzzle.hpp"
#include "core/result.hpp"

namespace tilewise {

struct GenerateOptions {
  int rows = 3, cols = 3;
  int motifs = 4;  // complement: motifs 1..26; equal: inner colours 1..motifs
  MatchRule rule = MatchRule::kComplement;
  BorderRule border = BorderRule::kFree;
  std::uint64_t seed = 1;
  int fixed_hints = 0;  // tiles fixed at their solved place
  // Free borders only: this many perimeter sides (drawn at random) become lonely, carrying
  // what no other tile can match: complement: the + half of motif `motifs + 1` (its - half is
  // drawn nowhere); equal: a colour of their own (motifs + 1, motifs + 2, ...).
  int lonely_sides = 0;
  // Frames only: sides between two perimeter cells take colours of their own, motifs + 1 ..
  // motifs + border_colours (Eternity II style; 0 = the inner colours everywhere).
  int border_colours = 0;
};

// The same options give the same puzzle on every machine. Errors for impossible options.
Result<EdgePuzzle> generate_puzzle(const GenerateOptions& options);

}  // namespace tilewise

// The tests' oracle of the 4x4 counts: every optimal Puzzle Box sequence counted by meeting in
// the middle (boards up to 4x4), independent of the depth-first and layered counts.
//
// Every sequence of the optimal length L passes, after a = L / 2 moves, through a board s
// that is exactly a moves from the start and L - a moves from the target. So the count is
// the sum over those boards of (sequences start -> s of a moves) x (sequences s -> target of
// L - a moves), less the pairs whose junction breaks the spelling rule (`X' X'`, spelled
// `X X`; solver.hpp). Each side is a breadth-first search by layers that keeps, for every
// board reached in exactly k moves, how many sequences reach it (split by the spelling
// context of the sequence's end at the junction): a board is expanded once however many
// sequences reach it, where a listing walks each sequence. A layer keeps only boards whose
// lower bound toward the other end still fits in the moves left (the search's own bound),
// and never a board already reached in fewer moves.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

#include "core/box/model/puzzle.hpp"
#include "core/box/search/solver.hpp"
#include "core/result.hpp"

namespace tilewise::box {

// A lower bound on the moves from `board` (cell -> number 0..N*N-1) to 0, 1, ... in order;
// may stop early once it exceeds `enough`.
using BoardBound = std::function<int(const std::uint8_t* board, int enough)>;

struct MeetLayer {
  bool forward;  // from the start (else back from the target)
  int depth;
  std::uint64_t boards;  // distinct boards kept in this layer
  double elapsed_ms;
};

struct MeetLimits {
  std::uint64_t max_bytes = std::uint64_t{6} << 30;  // the layers' hash tables together
  const std::atomic<bool>* cancel = nullptr;
  std::function<void(const MeetLayer&)> on_layer;  // each finished layer (progress)
};

struct MeetCount {
  std::uint64_t count = 0;
  bool complete = false;          // false: out of memory or cancelled (count is then 0)
  std::uint64_t boards = 0;       // boards kept over all layers of both sides
  std::uint64_t middle = 0;       // boards where the two halves meet
  std::uint64_t peak_bytes = 0;   // the most the hash tables held at once
  std::uint64_t bound_calls = 0;  // lower bounds computed
};

// Sequences of exactly `length` moves from `start` (cell -> number 0..N*N-1, N <= 4) to
// 0, 1, ... in order, counted by the rule of solver.hpp; `length` must be the optimum
// (shorter sequences are not looked for). `bound` must be admissible for the move set.
MeetCount count_by_meeting(const std::uint8_t* start, int size, MoveSet moves, int length,
                           const BoardBound& bound, const MeetLimits& limits);

// The optimal length by solve_box's search (its first solution), then every optimal
// sequence counted by meeting in the middle: `count` is that number, `solutions` holds the
// first one, `complete` is false when either part ran out of budget (count then 0 unless
// the length is proven and the counting finished). Boards up to 4x4.
Result<BoxSolveResult> count_box_solutions(const BoxPuzzle& puzzle, const BoxSolveOptions& options,
                                           const MeetLimits& limits = {});

}  // namespace tilewise::box

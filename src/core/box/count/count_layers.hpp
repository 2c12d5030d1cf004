// Counting every optimal 4x4 Puzzle Box sequence breadth first, a layer of boards at a time,
// with the table lookups of a whole layer batched.
//
// The depth-first count (solver.cpp, count_dag.hpp) asks the 8+8 tables for each child of each
// node as it comes: a cache miss that waits, ~115 ns a node on the hardest boards. Here layer
// d + 1 is made from layer d all at once: every child (board, counting context, sequences to
// it) is written to a bucket by a hash of its board; each bucket, small enough for the cache,
// merges a board's children from all its parents (so a board is bounded once however many
// parents reach it), then bounds its distinct boards in a stream whose table bytes are asked
// many boards ahead, so that the misses overlap. A board is kept while its bound fits in the
// moves left; the sequences that reach the target at depth L (the optimal length) are the
// count. Every board kept is within the bound, as in the depth-first count: only the order of
// the work differs, and the count is the same (unit tests check it against both).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>

#include "core/box/model/puzzle.hpp"
#include "core/box/search/solver.hpp"
#include "core/result.hpp"

namespace tilewise::box {

class AdditiveBound4x4;
class PatternBound4x4;

struct LayerCountStep {
  int depth;                 // the layer just made
  std::uint64_t boards;      // its (board, context) entries
  std::uint64_t children;    // children made from the layer before, each asked its parent's image
  std::uint64_t bounded;     // distinct boards among those it kept, asked the rest of the bound
  double elapsed_ms;         // since the count began
  bool from_target = false;  // a layer of the count read back from the target
};

struct LayerCountLimits {
  // The layers and buckets together; over it the count ends incomplete (out_of_memory).
  std::uint64_t max_bytes = std::uint64_t{2} << 30;
  int threads = 1;
  bool vector_ranks = true;  // PackedBound's shuffles where the processor has them (tests: off)
  // A second bound: the pattern table asked of each board the additive tables keep, which it
  // cuts when its largest lookup exceeds the moves left (null: none). With 8 numbers it
  // cuts a third of them or more on the longest counts measured, and the layers after shrink
  // with them (docs/puzzle-box.md).
  const PatternBound4x4* second = nullptr;
  // Or one asked for once a layer has bounded more than `second_after` children (the count then
  // takes tens of milliseconds or more, so the CLI's reading of the 8-number table, ~0.5 s,
  // is paid only where it may pay back): `second_when` gives it (null: none, go on without),
  // and the layers after ask it.
  std::function<const PatternBound4x4*()> second_when;
  std::uint64_t second_after = std::uint64_t{1} << 16;
  // (The bound is asked in stages: after a board's first image, its parent's deciding one,
  // asked as the child is made, the pattern table's lookups and the other images in the
  // order that cut more boards a lookup in the layer before, a unit alone while that pays;
  // count_layers.cpp.)
  // The end the layers start from. From the target: the layers of the start's inverse,
  // reflected left to right (a reflection turns each quarter turn the other way, as reading a
  // sequence back does), whose sequences to the target are the start's read back, one for one.
  // The two ends' layers grow differently: on the 25-move `cw` board of docs/puzzle-box.md
  // 7.95 M boards from the start, 4.0 M from the target. kEither: from the start
  // until a layer keeps more than `race_boards` boards (a count of a few tens of milliseconds
  // so far: most counts end before), then the target's layers to that depth, and on with the
  // end whose layer there is smaller; the other's layers are dropped.
  LayerDirection direction = LayerDirection::kEither;
  std::uint64_t race_boards = std::uint64_t{1} << 16;
  const std::atomic<bool>* cancel = nullptr;
  std::function<void(const LayerCountStep&)> on_layer;
};

struct LayerCount {
  std::uint64_t count = 0;
  int second_from = 0;    // the first layer made with the second bound (0: none)
  bool complete = false;  // false: out of memory or cancelled (count is then 0)
  bool out_of_memory = false;
  std::uint64_t boards = 0;    // entries kept over all layers
  std::uint64_t children = 0;  // children made (each asked its parent's image)
  std::uint64_t bounded = 0;   // distinct children it kept, asked the rest of the bound
  std::uint64_t peak_bytes = 0;
  bool from_target = false;  // the count's layers were the target's
  int raced = 0;             // the depth both ends reached before one was chosen (kEither)
};

// Sequences of exactly `length` moves from `start` (cell -> number 0..15) to 0, 1, ... in
// order, counted by the rule of solver.hpp; `length` must be the optimum. `bound`: the
// additive tables (8+8 in practice), read by several threads at once. `children`, `bounded`
// and `boards` count the work of both ends when both were made (kEither).
LayerCount count_by_layers(const std::uint8_t* start, MoveSet moves, int length,
                           const AdditiveBound4x4& bound, const LayerCountLimits& limits);

// solve_box's first solution (its length, proven optimal), then every optimal sequence counted
// by layers with the additive tables `options` name (4x4 only; an error without them). The
// result holds the count and the first sequence; `complete` is false when either part ran out
// of budget, memory (max_count_bytes) or was cancelled.
// The pattern table is the second bound when options.second_pattern; else, when
// `second_when` is given, the table it gives once the count is large (LayerCountLimits).
Result<BoxSolveResult> count_box_by_layers(
    const BoxPuzzle& puzzle, const BoxSolveOptions& options, int threads,
    const std::function<void(const LayerCountStep&)>& on_layer = nullptr,
    const std::function<const PatternBound4x4*()>& second_when = nullptr);

}  // namespace tilewise::box

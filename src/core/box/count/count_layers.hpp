// Counting every optimal 4x4 Puzzle Box sequence breadth first, a layer of boards at a time,
// the table lookups of a whole layer batched (docs/puzzle-box.md): the depth-first count waits
// on one cache miss a node. Layer d + 1's children go to buckets by a hash of the board; each
// bucket, small enough for the cache, merges a board's children from all its parents, then
// bounds its distinct boards in a stream whose table bytes are asked many boards ahead. Every
// board kept is within the bound, as in the depth-first count: the count is the same.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>

#include "core/box/model/puzzle.hpp"
#include "core/box/search/solver.hpp"
#include "core/result.hpp"

namespace tilewise::box {

class AdditiveBound;

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
  // A second bound: the pattern table asked of each board the additive tables keep (null:
  // none). Or one asked for once a layer has bounded more than `second_after` children (so
  // reading the 8-number table, ~0.5 s, is paid only where it may pay back): `second_when`
  // gives it (null: go on without), and the layers after ask it.
  const AdditiveBound* second = nullptr;
  std::function<const AdditiveBound*()> second_when;
  std::uint64_t second_after = std::uint64_t{1} << 16;
  // The end the layers start from. From the target: the layers of the start's inverse,
  // reflected left to right, whose sequences to the target are the start's read back, one for
  // one. kEither: from the start until a layer keeps more than `race_boards` boards, then the
  // target's layers to that depth, and on with the end whose layer there is smaller.
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
  std::uint64_t children = 0;  // children made (each asked its parent's image)
  std::uint64_t bounded = 0;   // distinct children it kept, asked the rest of the bound
  bool from_target = false;    // the count's layers were the target's
  int raced = 0;               // the depth both ends reached before one was chosen (kEither)
};

// Sequences of exactly `length` moves (the optimum) from `start` (cell -> number 0..15) to 0,
// 1, ... in order; `bound`: the additive tables, read by several threads at once. `children`
// and `bounded` count the work of both ends when both were made (kEither).
LayerCount count_by_layers(const std::uint8_t* start, MoveSet moves, int length,
                           const AdditiveBound& bound, const LayerCountLimits& limits);

// count_after_first_solution by layers with the additive tables `options` name (4x4 only;
// an error without them); the pattern table is the second bound with options.second_pattern,
// else the one `second_when` gives once the count is large.
Result<BoxSolveResult> count_box_by_layers(
    const BoxPuzzle& puzzle, const BoxSolveOptions& options, int threads,
    const std::function<void(const LayerCountStep&)>& on_layer = nullptr,
    const std::function<const AdditiveBound*()>& second_when = nullptr);

}  // namespace tilewise::box

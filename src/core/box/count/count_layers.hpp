// Counting every optimal 4x4 sequence breadth first, a layer of boards at a time, the table
// lookups of a layer batched (docs/puzzle-box.md, "Counting by layers"); every board kept is
// one the depth-first count expands, so the count is the same.
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
  std::uint64_t max_bytes = std::uint64_t{2} << 30;  // layers and buckets (else out_of_memory)
  int threads = 1;
  bool vector_ranks = true;  // PackedBound's shuffles where the processor has them (tests: off)
  // A second bound (the pattern table) from the first layer, or the one `second_when` gives
  // (null: none) once a layer has bounded more than `second_after` children.
  const AdditiveBound* second = nullptr;
  std::function<const AdditiveBound*()> second_when;
  std::uint64_t second_after = std::uint64_t{1} << 16;
  // The end the layers start from; kEither switches to the target's once a layer keeps more
  // than `race_boards` (docs/puzzle-box.md, "From either end").
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

// Sequences of exactly `length` (optimal) moves from `start` (renamed_start's) to the target;
// `bound`: the additive tables. The work counted is both ends' when both were made.
LayerCount count_by_layers(const std::uint8_t* start, MoveSet moves, int length,
                           const AdditiveBound& bound, const LayerCountLimits& limits);

// count_after_first_solution by layers with the options' additive tables (4x4 only), the
// pattern table the second bound with options.second_pattern, else `second_when`'s.
Result<BoxSolveResult> count_box_by_layers(
    const BoxPuzzle& puzzle, const BoxSolveOptions& options, int threads,
    const std::function<void(const LayerCountStep&)>& on_layer = nullptr,
    const std::function<const AdditiveBound*()>& second_when = nullptr);

}  // namespace tilewise::box

// Every optimal 4x4 sequence counted depth first by threads sharing one count table
// (count_dag.hpp), or a part of that count: the root's subtrees (docs/puzzle-box.md, "Counting
// on the graph") taken from a queue (BoxSearch::count_below). Native only.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "core/box/model/puzzle.hpp"
#include "core/box/search/solver.hpp"
#include "core/result.hpp"

namespace tilewise::box {

// One subtree counted.
struct BoxCountTask {
  std::vector<Move> prefix;
  std::uint64_t weight = 1;  // prefixes it stands for (its orbit under the start's turns)
  std::uint64_t count = 0;   // sequences that begin with `prefix` (one prefix's)
  std::uint64_t nodes = 0;
  double cpu_ms = 0;                // its thread's CPU time
  std::size_t done = 0, total = 0;  // subtrees of this part counted so far, in all
};

struct BoxCountSplit {
  int threads = 1;
  int part = 0, parts = 1;  // this run counts part `part` (0-based) of `parts`
  int prefix_moves = 2;
  std::function<void(const BoxCountTask&)> on_task;  // each subtree (one thread at a time)
};

// Part `part` of `parts`' subtrees: the k-th orbit representative (its first prefix by
// allowed_moves' order) goes to part k % parts.
std::vector<BoxCountTask> box_count_tasks(const BoxPuzzle& p, int prefix_moves, int part,
                                          int parts);

// 4x4 with options.all: solve_box's count and listing (a part: its weighted count alone);
// the budgets bound the whole run. Else solve_box.
Result<BoxSolveResult> count_box_parallel(const BoxPuzzle& p, const BoxSolveOptions& options,
                                          const BoxCountSplit& split);

}  // namespace tilewise::box

// Every optimal 4x4 Puzzle Box sequence counted by several threads sharing one count table
// (count_dag.hpp), or one part of that count (docs/puzzle-box.md). After the length, the
// root's subtrees (their sequences' first `prefix_moves` moves) are counted one by one
// (BoxSearch::count_below) by threads that take them from a queue; from a start that quarter
// turns map onto itself, one prefix of each orbit, times its size. Counts and the listing are
// those of one thread. Not in the browser (no threads there).
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
  int prefix_moves = 2;     // a subtree: the sequences that begin with so many given moves
  std::function<void(const BoxCountTask&)>
      on_task;  // after each subtree (any thread, one at a time)
};

// The subtrees of part `part` of `parts` (not yet counted): every representative prefix of
// `prefix_moves` moves (its orbit's first, by the order of allowed_moves) with its weight,
// the k-th going to part k % parts.
std::vector<BoxCountTask> box_count_tasks(const BoxPuzzle& p, int prefix_moves, int part,
                                          int parts);

// 4x4 with options.all: the count (and with parts == 1 the listing: the first
// max_solutions sequences, the whole table with keep_count_table) as solve_box gives it; a
// part's result holds its partial count (weighted) and no sequences. node_budget, max_seconds
// and cancel bound the whole run. Other sizes and the first solution: solve_box.
Result<BoxSolveResult> count_box_parallel(const BoxPuzzle& p, const BoxSolveOptions& options,
                                          const BoxCountSplit& split);

}  // namespace tilewise::box

// Every optimal 4x4 Puzzle Box sequence counted by several threads sharing one count table
// (count_dag.hpp), or one part of that count (a campaign of processes whose partial counts
// add up to it).
//
// The length comes first (a first-solution search). Then the root's subtrees, named by their
// sequences' first `prefix_moves` moves (every spelling allowed, both orders of commuting
// buttons), are counted one by one (BoxSearch::count_below) by threads that take them from a
// queue, all into one CountDag: a node counted by one is read by the others. A start that
// quarter turns of the square map onto itself (CountDag::share_turned_images) has as many
// sequences after a prefix as after its turned images: only one prefix of each such orbit is
// counted, times the orbit's size (the reversed 4x4, cw+ccw: 18 first moves in 6 orbits of
// sizes 4, 4, 4, 4, 1, 1). Counts and the listing (CountDag::walk_all) are those of one
// thread. Not in the browser (no threads there): its worker runs BoxSearch itself.
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

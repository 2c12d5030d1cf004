// Counting or listing every solution on several threads: the search tree is cut at a
// shallow depth into prefixes (partial boards), which threads take in turn. Results are
// merged in prefix order, so counts, solutions (and which are kept), nodes and per-depth
// statistics are exactly those of the single-threaded search, whatever the thread count.
#pragma once

#include <atomic>

#include "core/edge/solver.hpp"

namespace tilewise {

struct ParallelOptions {
  int threads = 0;                            // 0 = every hardware thread
  const std::atomic<bool>* cancel = nullptr;  // set to stop early (the result is incomplete)
  std::uint64_t probe_steps = 1 << 18;        // searches ending within this many steps stay alone
};

// First-solution and limited searches run on one thread (their answer depends on order).
SolveResult solve_parallel(const EdgePuzzle& puzzle, const SolveOptions& options,
                           ParallelOptions parallel);

// The number of threads solve_parallel uses for these options.
int parallel_threads(const SolveOptions& options, ParallelOptions parallel);

}  // namespace tilewise

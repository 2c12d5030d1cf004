// Counting or listing every solution on several threads: the search tree is cut at a
// shallow depth into prefixes (partial boards), which threads take in turn. Results are
// merged in prefix order, so counts, solutions (and which are kept), nodes and per-depth
// statistics are exactly those of the single-threaded search, whatever the thread count.
// The same cut and the same tally serve campaigns (edge/campaign/campaign.hpp): jobs on other
// machines search some of the prefixes and their tallies merge into the same result.
#pragma once

#include <atomic>
#include <functional>

#include "core/edge/search/solver.hpp"
#include "core/threads.hpp"

namespace tilewise {

struct ParallelOptions {
  int threads = 0;                            // 0 = every hardware thread
  const std::atomic<bool>* cancel = nullptr;  // set to stop early (the result is incomplete)
  std::uint64_t probe_steps = 1 << 18;        // searches ending within this many steps stay alone
};

// What the searches below some of a cut's prefixes found, kept so that tallies merge exactly
// in any order: sums, the solutions tagged with (prefix, index of discovery) and capped by
// that order (the ones the single-threaded search keeps), the coloured-board keys.
struct PrefixTally {
  struct Found {
    std::uint32_t prefix = 0, index = 0;
    Solution solution;
  };
  std::uint64_t count = 0;
  // Identical tiles searched as kinds (EdgeSearch::searches_kinds): each distinct board is
  // found below one prefix, so boards add up (no keys); listed: EdgeSearch::listed().
  bool kinds = false;
  std::uint64_t boards = 0, listed = 0;
  SolveStats stats;              // elapsed_ms: the sum of the searches' times
  std::vector<Found> solutions;  // normalize(): sorted by (prefix, index), at most max_kept
  std::unordered_set<std::string> patterns;  // at most max_patterns keys
  bool patterns_complete = true;
  bool complete = true;  // every search added ran to its end

  // Adds the search below prefix `prefix` (cut depth 0: the whole search).
  void add(std::uint32_t prefix, const EdgeSearch& search, const SolveOptions& options);
  void add(const PrefixTally& other, const SolveOptions& options);
  void add_stats(const SolveStats& s);
  void normalize(const SolveOptions& options);
};

// The result a tally stands for, the levels above the cut included in tally.stats.
SolveResult tally_result(PrefixTally tally, const SolveOptions& options, bool boards_are_solutions,
                         int rows, int cols);

// Searches below prefixes[k] for every k with !skip(k), on `threads` threads taking the next
// prefix in turn. done(k, search, stopped) is called under one lock when a search ends;
// `stopped` says that cancel or skip(k) (asked between slices) cut it short.
struct PrefixRun {
  int threads = 1;
  const std::atomic<bool>* cancel = nullptr;
  std::function<bool(size_t)> skip;  // may be empty
  std::function<void(size_t, const EdgeSearch&, bool)> done;
};
void search_prefixes(const EdgePuzzle& puzzle, const SolveOptions& options,
                     const std::vector<std::vector<std::uint16_t>>& prefixes, const PrefixRun& run);

// First-solution and limited searches run on one thread (their answer depends on order).
SolveResult solve_parallel(const EdgePuzzle& puzzle, const SolveOptions& options,
                           ParallelOptions parallel);

// The number of threads solve_parallel uses for these options.
int parallel_threads(const SolveOptions& options, ParallelOptions parallel);

}  // namespace tilewise

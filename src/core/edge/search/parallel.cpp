#include "core/edge/search/parallel.hpp"

#include <algorithm>
#include <memory>
#include <mutex>
#include <thread>

#include "core/clock.hpp"
#include "core/edge/model/symmetry.hpp"
#include "core/edge/search/unsolvable.hpp"

namespace tilewise {
namespace {

constexpr std::uint64_t kChunk = 1 << 16;  // steps between looks at the cancel flag

bool cancelled(const std::atomic<bool>* cancel) {
  return cancel && cancel->load(std::memory_order_relaxed);
}

bool found_before(const PrefixTally::Found& a, const PrefixTally::Found& b) {
  return a.prefix != b.prefix ? a.prefix < b.prefix : a.index < b.index;
}

SolveResult solve_single(const EdgePuzzle& puzzle, const SolveOptions& options,
                         const ParallelOptions& p) {
  EdgeSearch search(puzzle, options);
  while (!search.run(kChunk))
    if (cancelled(p.cancel)) search.cancel();
  return result_of(search, puzzle.rows, puzzle.cols);
}

}  // namespace

void PrefixTally::add_stats(const SolveStats& s) {
  stats.nodes += s.nodes;
  stats.tries += s.tries;
  stats.max_depth = std::max(stats.max_depth, s.max_depth);
  stats.elapsed_ms += s.elapsed_ms;
  if (stats.nodes_per_depth.size() < s.nodes_per_depth.size())
    stats.nodes_per_depth.resize(s.nodes_per_depth.size(), 0);
  for (size_t d = 0; d < s.nodes_per_depth.size(); ++d)
    stats.nodes_per_depth[d] += s.nodes_per_depth[d];
}

void PrefixTally::add(std::uint32_t prefix, const EdgeSearch& s, const SolveOptions& options) {
  count += s.count();
  listed += s.listed();
  kinds = kinds || s.searches_kinds();
  if (s.searches_kinds()) boards += s.distinct_boards();
  complete = complete && s.complete();
  add_stats(s.stats());
  const std::vector<Solution>& found = s.solutions();
  for (size_t k = 0; k < found.size() && k < options.max_kept; ++k)
    solutions.push_back({prefix, static_cast<std::uint32_t>(k), found[k]});
  if (solutions.size() > 2 * options.max_kept) normalize(options);
  patterns_complete = patterns_complete && s.distinct_boards_complete();
  for (const std::string& key : s.board_patterns()) {
    if (patterns.size() < options.max_patterns) {
      patterns.insert(key);
    } else if (!patterns.count(key)) {
      patterns_complete = false;
    }
  }
}

void PrefixTally::add(const PrefixTally& other, const SolveOptions& options) {
  count += other.count;
  listed += other.listed;
  boards += other.boards;
  kinds = kinds || other.kinds;
  complete = complete && other.complete;
  add_stats(other.stats);
  solutions.insert(solutions.end(), other.solutions.begin(), other.solutions.end());
  normalize(options);
  patterns_complete = patterns_complete && other.patterns_complete;
  for (const std::string& key : other.patterns) {
    if (patterns.size() < options.max_patterns) {
      patterns.insert(key);
    } else if (!patterns.count(key)) {
      patterns_complete = false;
    }
  }
}

void PrefixTally::normalize(const SolveOptions& options) {
  std::sort(solutions.begin(), solutions.end(), found_before);
  if (solutions.size() > options.max_kept) solutions.resize(options.max_kept);
}

SolveResult tally_result(PrefixTally tally, const SolveOptions& options, bool boards_are_solutions,
                         int rows, int cols) {
  tally.normalize(options);
  SolveResult r;
  r.rows = rows;
  r.cols = cols;
  r.count = tally.count;
  r.complete = tally.complete;
  r.stats = tally.stats;
  for (PrefixTally::Found& f : tally.solutions) r.solutions.push_back(std::move(f.solution));
  r.solutions_truncated = (tally.kinds ? tally.listed : r.count) > r.solutions.size();
  r.distinct_boards = boards_are_solutions ? r.count
                      : tally.kinds        ? tally.boards
                                           : tally.patterns.size();
  r.distinct_boards_complete = tally.patterns_complete;
  std::sort(r.solutions.begin(), r.solutions.end(), solution_less);
  return r;
}

void search_prefixes(const EdgePuzzle& puzzle, const SolveOptions& options,
                     const std::vector<std::vector<std::uint16_t>>& prefixes,
                     const PrefixRun& run) {
  std::mutex lock;
  std::atomic<size_t> next{0};
  auto skipped = [&](size_t k) { return cancelled(run.cancel) || (run.skip && run.skip(k)); };
  auto work = [&] {
    for (size_t k = next++; k < prefixes.size(); k = next++) {
      if (skipped(k)) continue;
      EdgeSearch search(puzzle, options);
      search.start_from(prefixes[k]);
      bool stopped = false;
      while (!search.run(kChunk))
        if (skipped(k)) search.cancel(), stopped = true;
      const std::lock_guard<std::mutex> hold(lock);
      run.done(k, search, stopped);
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < run.threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
}

int parallel_threads(const SolveOptions& options, ParallelOptions parallel) {
  if (options.mode == SolveMode::kFirst || options.limit != 0) return 1;
  return std::clamp(parallel.threads > 0 ? parallel.threads : hardware_threads(), 1, 256);
}

SolveResult solve_parallel(const EdgePuzzle& puzzle, const SolveOptions& options,
                           ParallelOptions parallel) {
  const int threads = parallel_threads(options, parallel);
  const int cells = puzzle.rows * puzzle.cols;
  if (threads <= 1 || cells < 4 || !unsolvable_reason(puzzle).empty())
    return solve_single(puzzle, options, parallel);
  const auto t0 = Clock::now();
  if (parallel.probe_steps > 0) {  // small searches end before threads would pay off
    EdgeSearch probe(puzzle, options);
    if (probe.run(parallel.probe_steps)) return result_of(probe, puzzle.rows, puzzle.cols);
  }

  // Cut the tree where it has enough prefixes to share out evenly.
  const std::unique_ptr<EdgeSearch> split = split_search(
      puzzle, options, 64u * static_cast<unsigned>(threads),
      [](const void* p) { return !cancelled(static_cast<const ParallelOptions*>(p)->cancel); },
      &parallel);
  const auto& prefixes = split->prefixes();

  // Threads take prefixes in turn; the tally keeps what the single-threaded search keeps.
  PrefixTally tally;
  tally.add_stats(split->stats());
  tally.complete = split->complete();
  size_t searched = 0;
  PrefixRun run;
  run.threads = threads;
  run.cancel = parallel.cancel;
  run.done = [&](size_t k, const EdgeSearch& s, bool) {
    tally.add(static_cast<std::uint32_t>(k), s, options);
    ++searched;
  };
  search_prefixes(puzzle, options, prefixes, run);
  tally.complete = tally.complete && searched == prefixes.size();
  SolveResult r = tally_result(std::move(tally), options, split->boards_are_solutions(),
                               puzzle.rows, puzzle.cols);
  r.stats.elapsed_ms = ms_since(t0);
  return r;
}

}  // namespace tilewise

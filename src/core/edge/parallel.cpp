#include "core/edge/parallel.hpp"

#include <algorithm>
#include <memory>
#include <mutex>
#include <thread>

#include "core/edge/symmetry.hpp"
#include "core/edge/unsolvable.hpp"

namespace tilewise {
namespace {

constexpr std::uint64_t kChunk = 1 << 16;  // steps between looks at the cancel flag

bool cancelled(const ParallelOptions& p) {
  return p.cancel && p.cancel->load(std::memory_order_relaxed);
}

// Runs a search to its end or until cancelled.
void run_to_end(EdgeSearch& search, const ParallelOptions& p) {
  while (!search.run(kChunk))
    if (cancelled(p)) search.cancel();
}

void add_stats(SolveStats& into, const SolveStats& from) {
  into.nodes += from.nodes;
  into.tries += from.tries;
  into.max_depth = std::max(into.max_depth, from.max_depth);
  for (size_t d = 0; d < into.nodes_per_depth.size() && d < from.nodes_per_depth.size(); ++d)
    into.nodes_per_depth[d] += from.nodes_per_depth[d];
}

SolveResult solve_single(const EdgePuzzle& puzzle, const SolveOptions& options,
                         const ParallelOptions& p) {
  EdgeSearch search(puzzle, options);
  run_to_end(search, p);
  return result_of(search, puzzle.rows, puzzle.cols);
}

}  // namespace

int parallel_threads(const SolveOptions& options, ParallelOptions parallel) {
  if (options.mode == SolveMode::kFirst || options.limit != 0) return 1;
  const int hardware = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  return std::clamp(parallel.threads > 0 ? parallel.threads : hardware, 1, 256);
}

SolveResult solve_parallel(const EdgePuzzle& puzzle, const SolveOptions& options,
                           ParallelOptions parallel) {
  const int threads = parallel_threads(options, parallel);
  const int cells = puzzle.rows * puzzle.cols;
  if (threads <= 1 || cells < 4 || !unsolvable_reason(puzzle).empty())
    return solve_single(puzzle, options, parallel);
  const auto t0 = std::chrono::steady_clock::now();
  if (parallel.probe_steps > 0) {  // small searches end before threads would pay off
    EdgeSearch probe(puzzle, options);
    if (probe.run(parallel.probe_steps)) return result_of(probe, puzzle.rows, puzzle.cols);
  }

  // Cut the tree where it has enough prefixes to share out evenly.
  const std::unique_ptr<EdgeSearch> split = split_search(
      puzzle, options, 64u * static_cast<unsigned>(threads),
      [](const void* p) { return !cancelled(*static_cast<const ParallelOptions*>(p)); }, &parallel);
  const auto& prefixes = split->prefixes();

  // Threads take prefixes in turn; each prefix keeps its own result for the ordered merge.
  struct Part {
    std::unique_ptr<EdgeSearch> search;
  };
  std::vector<Part> parts(prefixes.size());
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t k = next++; k < prefixes.size(); k = next++) {
      if (cancelled(parallel)) break;
      parts[k].search = std::make_unique<EdgeSearch>(puzzle, options);
      parts[k].search->start_from(prefixes[k]);
      run_to_end(*parts[k].search, parallel);
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();

  SolveResult r;
  r.rows = puzzle.rows;
  r.cols = puzzle.cols;
  r.stats = split->stats();
  r.complete = split->complete();
  std::unordered_set<std::string> patterns;
  bool patterns_complete = true;
  std::uint64_t listed = 0, boards = 0;
  for (const Part& part : parts) {
    if (!part.search) {
      r.complete = false;
      continue;
    }
    const EdgeSearch& s = *part.search;
    r.complete = r.complete && s.complete();
    r.count += s.count();
    listed += s.listed();
    boards += s.distinct_boards();
    add_stats(r.stats, s.stats());
    for (const Solution& sol : s.solutions()) {
      if (r.solutions.size() < options.max_kept) r.solutions.push_back(sol);
    }
    patterns_complete = patterns_complete && s.distinct_boards_complete();
    for (const std::string& key : s.board_patterns()) {
      if (patterns.size() < options.max_patterns) {
        patterns.insert(key);
      } else if (!patterns.count(key)) {
        patterns_complete = false;
      }
    }
  }
  r.solutions_truncated = listed > r.solutions.size();
  r.distinct_boards = split->boards_are_solutions() ? r.count
                      : split->searches_kinds()     ? boards
                                                    : patterns.size();
  r.distinct_boards_complete = patterns_complete;
  std::sort(r.solutions.begin(), r.solutions.end(), solution_less);
  r.stats.elapsed_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

}  // namespace tilewise

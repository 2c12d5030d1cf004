#include <mutex>
#include <thread>

#include "core/edge/best/best_search.hpp"

namespace tilewise {

Result<BestResult> best_search_parallel(const EdgePuzzle& puzzle, const BestOptions& options) {
  if (options.threads <= 1) return best_search(puzzle, options);
  std::mutex mutex;  // guards `overall` and the caller's callback
  BestResult overall;
  std::vector<Result<BestResult>> results(options.threads, Error{"", "not run"});
  std::vector<std::thread> threads;
  for (int k = 0; k < options.threads; ++k) {
    threads.emplace_back([&, k] {
      BestOptions o = options;
      o.seed = options.seed + static_cast<std::uint64_t>(k);
      o.on_improvement = [&](const BestImprovement& imp, const Solution& board) {
        std::lock_guard<std::mutex> lock(mutex);
        if (!overall.improvements.empty() && imp.score <= overall.improvements.back().score) return;
        overall.improvements.push_back(imp);
        if (options.on_improvement) options.on_improvement(imp, board);
      };
      results[k] = best_search(puzzle, o);
    });
  }
  for (std::thread& t : threads) t.join();
  int winner = -1;
  for (int k = 0; k < options.threads; ++k) {
    if (!results[k]) return results[k].error();
    overall.nodes += results[k]->nodes;
    overall.elapsed_ms = std::max(overall.elapsed_ms, results[k]->elapsed_ms);
    overall.cancelled = overall.cancelled || results[k]->cancelled;
    if (winner < 0 || results[k]->score > results[winner]->score) winner = k;
  }
  overall.board = results[winner]->board;
  overall.score = results[winner]->score;
  overall.max_score = results[winner]->max_score;
  return overall;
}

}  // namespace tilewise

// Puzzle Box benchmarks. The baseline is the seed's method (seed 003): a naive
// depth-limited DFS over clockwise turns with a list of boards already on the path, run
// in this same process so results can be read as ratios, not absolute times.
//   box_table_build   : building the 3x3 distance table (all 9! states, one move set)
//   box_query_3x3     : one optimal-solve query (every optimal sequence) on a built table
//   box_seed_dfs      : the seed's DFS (depth limit 11) on the seed's board, baseline
//   box_ida_4x4_first : 4x4 IDA*, first optimal solution, 20 seeded random scrambles
#include <benchmark/benchmark.h>

#include <algorithm>
#include <random>
#include <vector>

#include "core/box/board.hpp"
#include "core/box/solver.hpp"

namespace {
using namespace tilewise::box;

const std::vector<int> kSeedStart = {7, 6, 5, 8, 4, 9, 3, 2, 1};
const std::vector<int> kSolved3 = {1, 2, 3, 4, 5, 6, 7, 8, 9};

// The seed's solver: depth-limited DFS, no pruning beyond "not a board already on the
// current path" (searched linearly, as the seed's list does). Counts solutions found.
void seed_dfs(const std::vector<int>& board, std::vector<std::vector<int>>& path, int limit,
              long& found) {
  if (static_cast<int>(path.size()) >= limit) return;
  if (board == kSolved3) ++found;
  if (std::find(path.begin(), path.end(), board) != path.end()) return;
  path.push_back(board);
  for (int b = 0; b < 4; ++b) {
    std::vector<int> next = board;
    apply_move(next, 3, Move{b, 1});
    seed_dfs(next, path, limit, found);
  }
  path.pop_back();
}

void box_seed_dfs(benchmark::State& state) {
  for (auto _ : state) {
    std::vector<std::vector<int>> path;
    long found = 0;
    seed_dfs(kSeedStart, path, 11, found);
    benchmark::DoNotOptimize(found);
  }
}
BENCHMARK(box_seed_dfs)->Unit(benchmark::kMillisecond)->Iterations(1);

void box_table_build(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(build_distance_table_3x3(MoveSet::kClockwise));
}
BENCHMARK(box_table_build)->Unit(benchmark::kMillisecond);

void box_query_3x3(benchmark::State& state) {
  BoxPuzzle p{3, kSeedStart, kSolved3, MoveSet::kClockwise};
  BoxSolveOptions opt;
  (void)solve_box(p, opt);  // table built outside the timed loop
  for (auto _ : state) {
    auto r = solve_box(p, opt);
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK(box_query_3x3)->Unit(benchmark::kMicrosecond);

// The same 20 boards the browser worker's box.bench request uses (scrambled_boards).
std::vector<std::vector<int>> scrambles_4x4(int count, int depth) {
  return scrambled_boards(4, MoveSet::kClockwise, count, depth, 2024);
}

void box_ida_4x4_first(benchmark::State& state) {
  const auto starts = scrambles_4x4(20, static_cast<int>(state.range(0)));
  std::vector<int> target(16);
  for (int k = 0; k < 16; ++k) target[k] = k + 1;
  BoxSolveOptions opt;
  opt.all = false;
  opt.node_budget = 5000000;  // keeps the bench bounded (unfinished = not proven optimal)
  long optimal = 0;
  for (auto _ : state) {
    optimal = 0;
    for (const auto& s : starts) {
      auto r = solve_box(BoxPuzzle{4, s, target, MoveSet::kClockwise}, opt);
      if (r && r->proven_optimal) ++optimal;
    }
  }
  state.counters["proven_optimal_of_20"] = static_cast<double>(optimal);
}
BENCHMARK(box_ida_4x4_first)->Arg(6)->Arg(8)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace

BENCHMARK_MAIN();

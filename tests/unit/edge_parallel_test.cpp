// The parallel search must report exactly what the single-threaded search reports.
#include <gtest/gtest.h>

#include "core/edge/model/generator.hpp"
#include "core/edge/search/parallel.hpp"
#include "same_result.hpp"

namespace tilewise {
namespace {

using testing::expect_same_result;

TEST(EdgeParallel, EveryThreadCountGivesTheSingleThreadedResult) {
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    GenerateOptions g;
    g.rows = 4 + static_cast<int>(seed % 2);
    g.cols = 4 + static_cast<int>(seed % 3 == 0);
    g.seed = seed;
    g.rule = seed % 2 ? MatchRule::kEqual : MatchRule::kComplement;
    g.border = seed % 4 == 1 ? BorderRule::kFrame0 : BorderRule::kFree;
    // Enough motifs for a few hundred solutions at most: the single-threaded run is the check.
    g.motifs = g.border == BorderRule::kFrame0 ? 5
               : g.rule == MatchRule::kEqual   ? 14
                                               : 7 + static_cast<int>(seed % 3);
    g.fixed_hints = seed % 6 == 0 ? 1 : 0;
    Result<EdgePuzzle> p = generate_puzzle(g);
    ASSERT_TRUE(p.ok()) << p.error().to_string();
    for (SolveMode mode : {SolveMode::kAll, SolveMode::kCount}) {
      SolveOptions o;
      o.mode = mode;
      o.max_kept = seed % 3 == 0 ? 3 : 100000;  // also when only the first few are kept
      const SolveResult single = solve(*p, o);
      for (int threads : {2, 3, 5}) {
        SCOPED_TRACE("seed " + std::to_string(seed) + " threads " + std::to_string(threads));
        ParallelOptions par;
        par.threads = threads;
        par.probe_steps = threads == 5 ? 1000 : 0;  // split at once (or after a short probe)
        expect_same_result(solve_parallel(*p, o, par), single);
      }
    }
    ++checked;
  }
  EXPECT_EQ(checked, 12);
}

// Identical tiles searched as kinds: prefixes hold kinds, each thread takes copies from its
// own counts, and the merged figures are the single-threaded ones.
TEST(EdgeParallel, KindsGiveTheSingleThreadedResult) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    GenerateOptions g;
    g.rows = g.cols = 5;
    g.rule = MatchRule::kEqual;
    g.border = BorderRule::kFrame0;
    g.motifs = 3;
    g.border_colours = 2;
    g.seed = seed;
    Result<EdgePuzzle> p = generate_puzzle(g);
    ASSERT_TRUE(p.ok()) << p.error().to_string();
    ASSERT_TRUE(EdgeSearch(*p, {}).searches_kinds());
    for (SolveMode mode : {SolveMode::kAll, SolveMode::kCount}) {
      SolveOptions o;
      o.mode = mode;
      const SolveResult single = solve(*p, o);
      EXPECT_LT(single.distinct_boards, single.count);  // identical tiles: boards merge
      for (int threads : {2, 3}) {
        SCOPED_TRACE("seed " + std::to_string(seed) + " threads " + std::to_string(threads));
        ParallelOptions par;
        par.threads = threads;
        expect_same_result(solve_parallel(*p, o, par), single);
      }
    }
  }
}

TEST(EdgeParallel, BoardsTooSmallToCutHaveOnePrefixThatGivesTheWholeResult) {
  EdgePuzzle p;
  p.rows = p.cols = 1;
  p.tiles = {{"1", {1, -1, 2, -2}}};
  const std::unique_ptr<EdgeSearch> split = split_search(p, SolveOptions{}, 8, nullptr, nullptr);
  ASSERT_TRUE(split);
  ASSERT_EQ(split->prefixes().size(), 1u);
  EXPECT_TRUE(split->prefixes()[0].empty());
  EdgeSearch below(p, SolveOptions{});
  below.start_from(split->prefixes()[0]);
  while (!below.run(100)) {
  }
  const SolveResult single = solve(p, SolveOptions{});
  EXPECT_EQ(below.count(), single.count);
  EXPECT_EQ(split->stats().nodes + below.stats().nodes, single.stats.nodes);
  EXPECT_EQ(split->stats().nodes_per_depth[0] + below.stats().nodes_per_depth[0], 1u);
}

TEST(EdgeParallel, CancelledSearchIsIncomplete) {
  GenerateOptions g;
  g.rows = g.cols = 6;
  g.motifs = 3;
  g.seed = 5;
  Result<EdgePuzzle> p = generate_puzzle(g);
  ASSERT_TRUE(p.ok());
  std::atomic<bool> cancel{true};
  ParallelOptions par;
  par.threads = 2;
  par.cancel = &cancel;
  const SolveResult r = solve_parallel(*p, SolveOptions{}, par);
  EXPECT_FALSE(r.complete);
}

TEST(EdgeParallel, FirstAndLimitedSearchesStayOnOneThread) {
  SolveOptions first;
  first.mode = SolveMode::kFirst;
  EXPECT_EQ(parallel_threads(first, {4, nullptr}), 1);
  SolveOptions limited;
  limited.limit = 5;
  EXPECT_EQ(parallel_threads(limited, {4, nullptr}), 1);
  EXPECT_EQ(parallel_threads(SolveOptions{}, {4, nullptr}), 4);
}

}  // namespace
}  // namespace tilewise

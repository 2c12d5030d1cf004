// The best-board search: scores recomputed here independently (edge_brute_force.hpp's own
// rotation code), the board rules checked here, determinism, cancel, bad input, and the
// assignment solver against every permutation.
#include "core/edge/best/best_search.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <numeric>

#include "core/edge/best/assignment.hpp"
#include "core/edge/model/format.hpp"
#include "core/edge/model/generator.hpp"
#include "core/random.hpp"
#include "edge_brute_force.hpp"
#include "test_data.hpp"

extern "C" {
const char* tw_request(const char* text);
const char* tw_step(double budget_ms);
const char* tw_cancel();
}

namespace tilewise {
namespace {

using testing::independent_score;
using testing::side_after_turn;

// Each tile once, fixed tiles in place, frame sides out exactly on the perimeter.
void expect_board_keeps_the_rules(const EdgePuzzle& p, const Solution& b) {
  ASSERT_EQ(b.cells.size(), p.tiles.size());
  std::vector<int> count(p.tiles.size(), 0);
  for (const Placement& c : b.cells) {
    ASSERT_GE(c.tile, 0);
    ASSERT_LT(c.tile, static_cast<int>(p.tiles.size()));
    ++count[c.tile];
  }
  EXPECT_TRUE(std::all_of(count.begin(), count.end(), [](int k) { return k == 1; }));
  for (const FixedTile& f : p.fixed) {
    EXPECT_EQ(b.cells[f.row * p.cols + f.col].tile, f.tile);
    EXPECT_EQ(b.cells[f.row * p.cols + f.col].rotation, f.rotation);
  }
  if (p.border != BorderRule::kFrame0) return;
  for (int i = 0; i < p.rows; ++i)
    for (int j = 0; j < p.cols; ++j) {
      const Placement& c = b.cells[i * p.cols + j];
      const bool out[4] = {i == 0, j == p.cols - 1, i == p.rows - 1, j == 0};
      for (int d = 0; d < 4; ++d)
        EXPECT_EQ(side_after_turn(p, c.tile, c.rotation, d) == 0, out[d])
            << "cell " << i << "," << j << " side " << d;
    }
}

// A board the search reported: legal, and its score is what an independent count says.
void expect_legal_with_score(const EdgePuzzle& p, const Solution& b, int score) {
  expect_board_keeps_the_rules(p, b);
  EXPECT_EQ(independent_score(p, b), score);
}

EdgePuzzle generated(int rows, int cols, int motifs, std::uint64_t seed, int hints,
                     bool frame = true) {
  GenerateOptions o;
  o.rows = rows;
  o.cols = cols;
  o.motifs = motifs;
  o.rule = frame ? MatchRule::kEqual : MatchRule::kComplement;
  o.border = frame ? BorderRule::kFrame0 : BorderRule::kFree;
  o.seed = seed;
  o.fixed_hints = hints;
  return *generate_puzzle(o);
}

TEST(BestScore, CountsMatchedInnerEdgesLikeAnIndependentCount) {
  for (bool frame : {true, false}) {
    const EdgePuzzle p = generated(5, 6, 3, 7, 0, frame);
    EXPECT_EQ(max_board_score(p), 5 * 5 + 6 * 4);
    SplitMix64 rng(3);
    for (int trial = 0; trial < 20; ++trial) {
      Solution b;
      std::vector<int> order(p.tiles.size());
      std::iota(order.begin(), order.end(), 0);
      for (size_t k = order.size(); k > 1; --k) std::swap(order[k - 1], order[rng.below(k)]);
      for (int t : order) b.cells.push_back({t, static_cast<int>(rng.below(4))});
      EXPECT_EQ(board_score(p, b), independent_score(p, b));
    }
  }
}

TEST(BestSearch, KeepsTheRulesAndReportsTrueScores) {
  for (bool frame : {true, false}) {
    const EdgePuzzle p = generated(7, 6, 6, 11, 3, frame);
    BestOptions o;
    o.seed = 5;
    o.max_nodes = 40;
    o.max_beam_width = 64;  // a poor start, so that the neighbourhood search has work
    int reports = 0, last = -1;
    o.on_improvement = [&](const BestImprovement& imp, const Solution& b) {
      ++reports;
      EXPECT_GT(imp.score, last);
      last = imp.score;
      expect_legal_with_score(p, b, imp.score);
    };
    const Result<BestResult> r = best_search(p, o);
    ASSERT_TRUE(r) << r.error().to_string();
    expect_legal_with_score(p, r->board, r->score);
    EXPECT_TRUE(check_complete_board(p, r->board));
    EXPECT_EQ(r->max_score, max_board_score(p));
    EXPECT_EQ(r->nodes, 40u);
    EXPECT_EQ(static_cast<int>(r->improvements.size()), reports);
    EXPECT_GE(reports, 2);  // the random start, then better boards
  }
}

// Band re-beams (with fixed tiles inside the bands) and restarts from new beams, both far
// more often than by default, keep every board legal and every reported score true.
TEST(BestSearch, BandsAndRestartsKeepTheRulesAndReportTrueScores) {
  const EdgePuzzle p = generated(8, 7, 5, 17, 4);
  BestOptions o;
  o.seed = 2;
  o.max_nodes = 600;
  o.max_beam_width = 128;
  o.tuning.band_percent = 40;
  o.tuning.band_width = 32;
  o.tuning.restart_after = 25;
  int reports = 0;
  o.on_improvement = [&](const BestImprovement& imp, const Solution& b) {
    ++reports;
    expect_legal_with_score(p, b, imp.score);
  };
  const Result<BestResult> r = best_search(p, o);
  ASSERT_TRUE(r) << r.error().to_string();
  expect_legal_with_score(p, r->board, r->score);
  EXPECT_GE(reports, 2);
  const Result<BestResult> again = best_search(p, o);  // still deterministic
  ASSERT_TRUE(again);
  for (size_t c = 0; c < r->board.cells.size(); ++c)
    EXPECT_EQ(again->board.cells[c].tile, r->board.cells[c].tile);
}

// Among partial boards of equal score the beams keep those whose tiles still to place show
// the fewest side values most often: on boards too hard to solve, their boards score more
// in sum over six boards than a random choice among them gives, and stay legal.
TEST(BestSearch, BeamsRankingEqualScoresBySpreadEndHigher) {
  int with_spread = 0, without = 0;
  for (std::uint64_t seed : {1, 2, 3, 4, 5, 6}) {
    const EdgePuzzle p = *generate_puzzle({.rows = 12,
                                           .cols = 12,
                                           .motifs = 12,
                                           .rule = MatchRule::kEqual,
                                           .border = BorderRule::kFrame0,
                                           .seed = 40 + seed,
                                           .border_colours = 4});
    for (bool spread : {true, false}) {
      BestOptions o;
      o.seed = seed;
      o.max_beam_width = 1024;
      o.max_nodes = 1;  // the beam of 1024 boards, nothing after it
      o.tuning.beam_spread = spread;
      const Result<BestResult> r = best_search(p, o);
      ASSERT_TRUE(r) << r.error().to_string();
      expect_legal_with_score(p, r->board, r->score);
      EXPECT_LT(r->score, r->max_score);  // unsolved, so the ranking matters
      (spread ? with_spread : without) += r->score;
    }
  }
  EXPECT_GT(with_spread, without + 6);  // 1517 against 1499 of 6 x 264
}

TEST(BestSearch, SolvesSmallSolvablePuzzles) {
  for (std::uint64_t seed : {1, 2, 3}) {
    const EdgePuzzle p = generated(6, 6, 4, seed, 1);
    BestOptions o;
    o.seed = seed;
    o.max_nodes = 3000;
    o.max_beam_width = 16384;  // not the default 65536: quicker under the sanitizers
    const Result<BestResult> r = best_search(p, o);
    ASSERT_TRUE(r);
    EXPECT_EQ(independent_score(p, r->board), max_board_score(p)) << "seed " << seed;
    EXPECT_LT(r->nodes, 3000u);  // stops at the full score
  }
}

TEST(BestSearch, SameSeedAndNodeBudgetGiveTheSameBoard) {
  const EdgePuzzle p = generated(8, 8, 8, 21, 2);
  BestOptions o;
  o.seed = 9;
  o.max_nodes = 60;
  o.max_beam_width = 256;
  const Result<BestResult> a = best_search(p, o), b = best_search(p, o);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->score, b->score);
  for (size_t c = 0; c < a->board.cells.size(); ++c) {
    EXPECT_EQ(a->board.cells[c].tile, b->board.cells[c].tile);
    EXPECT_EQ(a->board.cells[c].rotation, b->board.cells[c].rotation);
  }
  o.threads = 2;  // the thread count is part of the result's recipe too
  const Result<BestResult> c = best_search_parallel(p, o), d = best_search_parallel(p, o);
  ASSERT_TRUE(c && d);
  EXPECT_EQ(c->score, d->score);
  EXPECT_EQ(c->nodes, 120u);
  for (size_t k = 0; k < c->board.cells.size(); ++k)
    EXPECT_EQ(c->board.cells[k].tile, d->board.cells[k].tile);
}

// The browser worker runs the search in slices, stopping it every few milliseconds, often
// inside a beam; the CLI runs it whole. The same seed and step budget must give the same
// board both ways (a paused beam goes on later and counts as one step).
TEST(BestSearch, StoppingAndGoingOnGivesTheSameBoardAsOneRun) {
  const EdgePuzzle p = generated(8, 7, 5, 23, 3);
  BestTuning t;
  t.band_percent = 30;
  t.band_width = 32;
  t.restart_after = 20;
  Result<BestSearch> whole = BestSearch::create(p, 4, 128, t),
                     sliced = BestSearch::create(p, 4, 128, t);
  ASSERT_TRUE(whole && sliced);
  whole->run(400);
  int polls = 0, pauses = 0;
  sliced->set_stop([&] { return ++polls % 5 == 0 && ++pauses > 0; });
  for (int calls = 0; sliced->nodes() < 400 && calls < 100000; ++calls) sliced->run(1);
  EXPECT_GT(pauses, 50);  // beams were paused many times
  EXPECT_EQ(sliced->nodes(), whole->nodes());
  EXPECT_EQ(sliced->best_score(), whole->best_score());
  const Solution a = whole->best_board(), b = sliced->best_board();
  for (size_t c = 0; c < a.cells.size(); ++c) {
    EXPECT_EQ(a.cells[c].tile, b.cells[c].tile);
    EXPECT_EQ(a.cells[c].rotation, b.cells[c].rotation);
  }
}

TEST(BestSearch, CancelStopsAtOnceWithAValidBoard) {
  const EdgePuzzle p = generated(8, 8, 8, 4, 0);
  std::atomic<bool> cancel{true};
  BestOptions o;
  o.cancel = &cancel;
  const Result<BestResult> r = best_search(p, o);
  ASSERT_TRUE(r);
  EXPECT_TRUE(r->cancelled);
  EXPECT_EQ(r->nodes, 0u);
  expect_board_keeps_the_rules(p, r->board);
}

TEST(BestSearch, BadInputGivesOneClearError) {
  EdgePuzzle p = generated(3, 3, 3, 2, 0);
  for (Tile& t : p.tiles)
    if (std::count(t.sides.begin(), t.sides.end(), 0) == 0) t.sides[0] = 0;  // centre -> edge
  const Result<BestResult> r = best_search(p, BestOptions{});
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().to_string().find("1 free inner cells but 0 inner tiles"), std::string::npos)
      << r.error().to_string();
  EdgePuzzle short_of_tiles = generated(3, 3, 3, 2, 0);
  short_of_tiles.tiles.pop_back();
  EXPECT_FALSE(best_search(short_of_tiles, BestOptions{}));
}

Solution board_of(const nlohmann::json& cells) {
  Solution b;
  for (const auto& c : cells) b.cells.push_back({c[0].get<int>() - 1, c[1].get<int>()});
  return b;
}

TEST(BestWorker, StreamsImprovementsInSlicesThenTheResult) {
  const EdgePuzzle p = generated(8, 8, 7, 31, 2);
  nlohmann::json request{{"id", 5},   {"type", "edge.best"}, {"puzzle", format_puzzle(p)},
                         {"seed", 2}, {"max_nodes", 30},     {"beam", 1024}};
  EXPECT_TRUE(nlohmann::json::parse(tw_request(request.dump().c_str())).empty());
  int last = -1, improvements = 0;
  nlohmann::json done;
  for (int slice = 0; slice < 1000 && done.is_null(); ++slice)
    for (const auto& e : nlohmann::json::parse(tw_step(1))) {
      EXPECT_EQ(e["id"], 5);
      if (e["type"] == "improvement") {
        EXPECT_GT(e["score"].get<int>(), last);
        last = e["score"].get<int>();
        ++improvements;
        const Solution b = board_of(e["board"]);
        expect_legal_with_score(p, b, last);
      } else if (e["type"] == "done") {
        done = e;
      }
    }
  ASSERT_FALSE(done.is_null());
  EXPECT_GE(improvements, 2);
  const Solution b = board_of(done["result"]["board"]);
  EXPECT_EQ(independent_score(p, b), done["result"]["score"].get<int>());
  EXPECT_EQ(done["result"]["score"].get<int>(), last);
  EXPECT_EQ(done["result"]["max_score"].get<int>(), max_board_score(p));
  // Bad requests: one clear error each; a running search cancels into its best board.
  request["beam"] = "wide";
  const nlohmann::json bad = nlohmann::json::parse(tw_request(request.dump().c_str()));
  ASSERT_EQ(bad.size(), 1u);
  EXPECT_EQ(bad[0]["message"], "request field 'beam' must be a non-negative integer");
  request["beam"] = 64;
  request.erase("max_nodes");
  tw_request(request.dump().c_str());
  tw_step(1);
  const nlohmann::json cancelled = nlohmann::json::parse(tw_cancel());
  ASSERT_EQ(cancelled.size(), 1u) << cancelled.dump();
  EXPECT_EQ(cancelled[0]["cancelled"], true);
  expect_board_keeps_the_rules(p, board_of(cancelled[0]["result"]["board"]));
}

TEST(Assignment, FindsTheLeastCostOfAllPermutations) {
  SplitMix64 rng(17);
  AssignmentScratch scratch;
  for (int trial = 0; trial < 30; ++trial) {
    const int n = 1 + static_cast<int>(rng.below(6));
    std::vector<std::int64_t> cost(n * n);
    for (auto& c : cost) c = static_cast<std::int64_t>(rng.below(9)) - 4;
    std::vector<int> perm(n);
    std::iota(perm.begin(), perm.end(), 0);
    std::int64_t best = INT64_MAX;
    do {
      std::int64_t sum = 0;
      for (int i = 0; i < n; ++i) sum += cost[i * n + perm[i]];
      best = std::min(best, sum);
    } while (std::next_permutation(perm.begin(), perm.end()));
    const std::vector<int> got = min_cost_assignment(cost, n, scratch);
    std::vector<int> sorted = got;
    std::sort(sorted.begin(), sorted.end());
    for (int i = 0; i < n; ++i) ASSERT_EQ(sorted[i], i);  // a permutation
    std::int64_t sum = 0;
    for (int i = 0; i < n; ++i) sum += cost[i * n + got[i]];
    EXPECT_EQ(sum, best);
  }
}

}  // namespace
}  // namespace tilewise

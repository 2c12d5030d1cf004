// The 4x4 count on several threads sharing one count table, by orbits of first moves, and in
// parts (core/box/count/parallel_count.hpp): the same counts, length and listing as one search
// (solve_box), and, on starts that turn into themselves, as meeting in the middle.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "box_meet_oracle.hpp"
#include "box_test_boards.hpp"
#include "core/box/count/parallel_count.hpp"
#include "core/box/search/solver.hpp"

namespace tilewise::box {
namespace {

using testing::identity;
using testing::turn;

std::vector<int> pressed(const std::vector<int>& buttons, int q = 3) {
  std::vector<int> b = identity(4);
  for (int button : buttons) b = turn(b, 4, button, q);
  return b;
}

std::vector<int> scrambled(std::mt19937& rng, int presses) {
  std::vector<int> b = identity(4);
  for (int s = 0; s < presses; ++s) b = turn(b, 4, static_cast<int>(rng() % 9), 3);
  return b;
}

BoxSolveOptions small_tables() {
  BoxSolveOptions o;
  o.pattern_tiles = 5;
  return o;
}

std::vector<int> names(const std::vector<Move>& seq) {
  std::vector<int> out;
  for (const Move& m : seq) out.push_back(m.button * 4 + m.quarter_turns);
  return out;
}

// Every sequence for_each_solution lists, as names.
std::vector<std::vector<int>> listing(const BoxSolveResult& r) {
  std::vector<std::vector<int>> out;
  for_each_solution(r, [&](const std::vector<Move>& seq) {
    out.push_back(names(seq));
    return true;
  });
  return out;
}

// Threads and prefixes against one search: count, length, the sequences kept and the whole
// listing read back from the shared table, in the same order.
void expect_as_one_search(const std::vector<int>& b, MoveSet m) {
  BoxSolveOptions o = small_tables();
  o.max_solutions = 40;
  o.keep_count_table = true;
  const BoxPuzzle p{4, b, identity(4), m};
  Result<BoxSolveResult> one = solve_box(p, o);
  ASSERT_TRUE(one.ok() && one->complete);
  const auto listed = listing(*one);
  ASSERT_EQ(listed.size(), one->count);
  for (int threads : {1, 2, 3})
    for (int prefix : {0, 1, 2}) {
      BoxCountSplit split;
      split.threads = threads;
      split.prefix_moves = prefix;
      Result<BoxSolveResult> r = count_box_parallel(p, o, split);
      ASSERT_TRUE(r.ok());
      const std::string what = std::string(move_set_name(m)) + " " + format_board(b, 4) +
                               " threads " + std::to_string(threads) + " prefix " +
                               std::to_string(prefix);
      EXPECT_TRUE(r->complete) << what;
      EXPECT_TRUE(r->proven_optimal) << what;
      EXPECT_EQ(r->length, one->length) << what;
      EXPECT_EQ(r->count, one->count) << what;
      EXPECT_EQ(r->solutions_truncated, one->solutions_truncated) << what;
      ASSERT_EQ(r->solutions.size(), one->solutions.size()) << what;
      for (std::size_t k = 0; k < r->solutions.size(); ++k)
        EXPECT_EQ(names(r->solutions[k]), names(one->solutions[k])) << what << " solution " << k;
      EXPECT_TRUE(listing(*r) == listed) << what;
    }
}

TEST(BoxParallelCount, ThreadsSharingOneTableCountAndListAsOneSearch) {
  std::mt19937 rng(1406);
  for (MoveSet m : {MoveSet::kClockwise, MoveSet::kBothDirections})
    for (int k = 0; k < 3; ++k) expect_as_one_search(scrambled(rng, 11), m);
  // Starts that quarter or half turns map onto themselves: subtrees counted per orbit.
  for (MoveSet m : {MoveSet::kClockwise, MoveSet::kBothDirections}) {
    expect_as_one_search(pressed({4, 0, 2, 8, 6, 4}), m);
    expect_as_one_search(pressed({4, 0, 8, 1, 7, 4}), m);
  }
}

// A start that the quarter turns map onto itself counts one prefix per orbit, the orbit's
// size as its weight; the weighted sum is what meeting in the middle counts.
TEST(BoxParallelCount, AStartThatTurnsIntoItselfCountsOnePrefixPerOrbit) {
  std::vector<int> reversed(16);
  for (int c = 0; c < 16; ++c) reversed[c] = 16 - c;
  const BoxPuzzle rev{4, reversed, identity(4), MoveSet::kBothDirections};
  std::vector<std::uint64_t> weights;
  for (const BoxCountTask& t : box_count_tasks(rev, 1, 0, 1)) weights.push_back(t.weight);
  std::sort(weights.begin(), weights.end());
  EXPECT_EQ(weights, (std::vector<std::uint64_t>{1, 1, 4, 4, 4, 4}));
  std::uint64_t two = 0;
  for (const BoxCountTask& t : box_count_tasks(rev, 2, 0, 1)) two += t.weight;
  EXPECT_EQ(two, 9u * 17u + 9u * 16u);  // after X: 16 others' moves and X; after X': 16
  const std::vector<int> plain = pressed({0, 4, 7});
  EXPECT_EQ(box_count_tasks({4, plain, identity(4), MoveSet::kBothDirections}, 1, 0, 1).size(),
            18u);
  for (MoveSet m : {MoveSet::kClockwise, MoveSet::kBothDirections})
    for (const auto& buttons : {std::vector<int>{4, 0, 2, 8, 6, 4}, {0, 2, 8, 6, 4, 3, 5}}) {
      const BoxPuzzle p{4, pressed(buttons), identity(4), m};
      Result<BoxSolveResult> met = count_box_solutions(p, small_tables());
      ASSERT_TRUE(met.ok() && met->complete);
      BoxCountSplit split;
      split.prefix_moves = 1;
      const std::size_t tasks = box_count_tasks(p, 1, 0, 1).size();
      EXPECT_LT(tasks, m == MoveSet::kClockwise ? 9u : 18u);  // fewer subtrees than moves
      Result<BoxSolveResult> r = count_box_parallel(p, small_tables(), split);
      ASSERT_TRUE(r.ok() && r->complete);
      EXPECT_EQ(r->count, met->count) << move_set_name(m) << " " << format_board(p.start, 4);
    }
}

// Parts: each counts its share of the subtrees; their counts add up to the whole; a part's
// result lists nothing.
TEST(BoxParallelCount, ThePartsCountsAddUpToTheWholeCount) {
  std::mt19937 rng(77);
  for (MoveSet m : {MoveSet::kClockwise, MoveSet::kBothDirections})
    for (const std::vector<int>& b : {scrambled(rng, 12), pressed({4, 0, 2, 8, 6, 4})}) {
      const BoxPuzzle p{4, b, identity(4), m};
      Result<BoxSolveResult> whole = solve_box(p, small_tables());
      ASSERT_TRUE(whole.ok() && whole->complete);
      for (int parts : {3}) {
        std::uint64_t sum = 0;
        std::size_t subtrees = 0;
        for (int part = 0; part < parts; ++part) {
          BoxCountSplit split;
          split.part = part, split.parts = parts, split.threads = 2;
          Result<BoxSolveResult> r = count_box_parallel(p, small_tables(), split);
          ASSERT_TRUE(r.ok() && r->complete);
          EXPECT_TRUE(r->solutions.empty());
          sum += r->count;
          subtrees += box_count_tasks(p, split.prefix_moves, part, parts).size();
        }
        EXPECT_EQ(sum, whole->count) << move_set_name(m) << " " << parts << " parts";
        EXPECT_EQ(subtrees, box_count_tasks(p, 2, 0, 1).size());
      }
    }
}

TEST(BoxParallelCount, ABadPartIsOneError) {
  const BoxPuzzle p{4, pressed({0, 4}), identity(4), MoveSet::kClockwise};
  BoxCountSplit split;
  split.part = 3, split.parts = 3;
  Result<BoxSolveResult> r = count_box_parallel(p, small_tables(), split);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().where, "part");
  BoxSolveOptions first = small_tables();
  first.all = false;
  split.part = 0;
  EXPECT_FALSE(count_box_parallel(p, first, split).ok());  // parts count, never a first
}

// A count table over its memory ends the count incomplete, no partial number, as one search.
TEST(BoxParallelCount, ACountTableOverItsMemoryEndsTheCountIncomplete) {
  BoxSolveOptions o = small_tables();
  o.max_count_bytes = 1;
  BoxCountSplit split;
  split.threads = 2;
  Result<BoxSolveResult> r = count_box_parallel(
      {4, pressed({0, 4, 8, 2, 6, 1}, 1), identity(4), MoveSet::kBothDirections}, o, split);
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->complete);
  EXPECT_TRUE(r->count_table_full);
  EXPECT_EQ(r->count, 0u);
}

}  // namespace
}  // namespace tilewise::box

// The second bound, asked where a node is about to be expanded (core/box/second_bound.hpp):
// admissible (never above the test's own breadth-first distance), and counts with it equal
// counts without it, meeting in the middle's and the test's own shortest-path counts.
#include <gtest/gtest.h>

#include <array>
#include <map>
#include <random>

#include "box_test_boards.hpp"
#include "core/box/count_meet.hpp"
#include "core/box/second_bound.hpp"
#include "core/box/solver.hpp"

namespace tilewise::box {
namespace {

using testing::identity;
using testing::shortest_sequences;
using testing::states_near_4x4;
using testing::turn;

std::array<std::uint8_t, 16> zero_based(const std::vector<int>& b) {
  std::array<std::uint8_t, 16> out{};
  for (int c = 0; c < 16; ++c) out[c] = static_cast<std::uint8_t>(b[c] - 1);
  return out;
}

TEST(BoxSecondBound, StagesAreReadInOrderAndABadOneIsNamed) {
  auto stages = parse_second_bound("diagonal,pattern");
  ASSERT_TRUE(stages.ok());
  EXPECT_EQ(*stages, (std::vector<std::string>{"diagonal", "pattern"}));
  EXPECT_TRUE(parse_second_bound("none")->empty());
  EXPECT_TRUE(parse_second_bound("")->empty());
  auto bad = parse_second_bound("diagonal,sideways");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().what.find("'sideways'"), std::string::npos);
  EXPECT_FALSE(parse_second_bound("pattern,pattern").ok());
  EXPECT_FALSE(parse_second_bound("diagonal,").ok());
}

// Every state within a few moves: no stage, nor their largest, is above the distance; the
// stages are small tables (cw+ccw: the diagonal shape's 6+6+4 variant; cw: the corner
// blocks; both: then the 5-number table).
TEST(BoxSecondBound, NeverAboveTheBreadthFirstDistanceNearTheTarget) {
  for (MoveSet m : {MoveSet::kClockwise, MoveSet::kBothDirections}) {
    const int depth = m == MoveSet::kClockwise ? 5 : 4;
    const auto& dist = states_near_4x4(m, depth);
    const std::string shape = m == MoveSet::kClockwise ? "blocks" : "diagonal-6+6+4";
    const SecondBound4x4 first(m, {shape}, 5), both(m, {shape, "pattern"}, 5);
    int exact = 0;
    for (const auto& [b, d] : dist) {
      const auto cells = zero_based(b);
      const int h = first.bound(cells.data(), 255);
      ASSERT_LE(h, d) << shape << " " << format_board(b, 4);
      ASSERT_LE(both.bound(cells.data(), 255), d) << move_set_name(m) << " " << format_board(b, 4);
      ASSERT_GE(both.bound(cells.data(), 255), h);
      exact += h == d;
    }
    EXPECT_GT(exact, static_cast<int>(dist.size()) / 2) << shape;
  }
}

// The count with a second bound (first bound: the 5-number table; second: the diagonal
// 6+6+4 tables, the 4-number rows, both) against the count without one and meeting in the
// middle, on scrambles of 12 quarter turns; the second bound must have cut some nodes.
TEST(BoxSecondBound, CountsWithItAreTheCountsWithoutIt) {
  std::mt19937 rng(1414);
  for (MoveSet m : {MoveSet::kClockwise, MoveSet::kBothDirections}) {
    std::uint64_t nodes_without = 0, nodes_with = 0;
    for (int k = 0; k < 3; ++k) {
      std::vector<int> b = identity(4);
      for (int s = 0; s < 12; ++s) b = turn(b, 4, static_cast<int>(rng() % 9), 3);
      BoxSolveOptions o;
      o.pattern_tiles = 5;
      o.max_solutions = 1;
      const BoxPuzzle p{4, b, identity(4), m};
      Result<BoxSolveResult> met = count_box_solutions(p, o);
      Result<BoxSolveResult> without = solve_box(p, o);
      ASSERT_TRUE(met.ok() && met->complete && without.ok() && without->complete);
      ASSERT_EQ(without->count, met->count);
      nodes_without += without->nodes;
      for (const std::vector<std::string>& second :
           {std::vector<std::string>{"diagonal-6+6+4"}, {"rows"}, {"rows", "diagonal-6+6+4"}}) {
        o.second_bound = second;
        for (bool in_probe : {false, true}) {
          o.second_bound_in_probe = in_probe;
          Result<BoxSolveResult> with = solve_box(p, o);
          ASSERT_TRUE(with.ok() && with->complete);
          EXPECT_EQ(with->count, met->count) << move_set_name(m) << " " << format_board(b, 4) << " "
                                             << second[0] << " " << in_probe;
          EXPECT_EQ(with->length, met->length);
          if (second.size() == 2 && !in_probe) nodes_with += with->nodes;
        }
      }
    }
    EXPECT_LT(nodes_with, nodes_without) << move_set_name(m);
  }
}

// Shallow scrambles: the count with the second bound is the test's own count of shortest
// sequences (the BFS's distances, the counting rule's spelling).
TEST(BoxSecondBound, CountsWithItAreTheBreadthFirstCountsOnShallowScrambles) {
  std::mt19937 rng(2612);
  for (MoveSet m : {MoveSet::kClockwise, MoveSet::kBothDirections}) {
    const int depth = m == MoveSet::kClockwise ? 5 : 4;
    const auto& dist = states_near_4x4(m, depth);
    for (int k = 0; k < 4; ++k) {
      std::vector<int> b = identity(4);
      for (int s = 0; s < depth; ++s) b = turn(b, 4, static_cast<int>(rng() % 9), 3);
      BoxSolveOptions o;
      o.pattern_tiles = 5;
      o.second_bound = {"rows", "diagonal-6+6+4", "pattern"};
      Result<BoxSolveResult> with = solve_box({4, b, identity(4), m}, o);
      ASSERT_TRUE(with.ok() && with->complete);
      EXPECT_EQ(with->length, dist.at(b));
      EXPECT_EQ(with->count, shortest_sequences(b, dist.at(b), dist, m))
          << move_set_name(m) << " " << format_board(b, 4);
    }
  }
}

}  // namespace
}  // namespace tilewise::box

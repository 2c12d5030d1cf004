// The Puzzle Box solver checked against an independent breadth-first search written here.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <map>
#include <queue>
#include <random>
#include <set>
#include <unordered_map>

#include "box_test_boards.hpp"
#include "core/box/bounds/additive_db.hpp"
#include "core/box/bounds/pattern_db.hpp"
#include "core/box/model/board.hpp"
#include "core/box/model/move_cells.hpp"
#include "core/box/model/spelling.hpp"
#include "core/box/search/solver.hpp"

namespace tilewise::box {
namespace {

// The pattern table's bound of a 1-based board (board[cell] in 1..16).
int pattern_bound(const std::vector<int>& board, MoveSet moves, int tiles) {
  std::array<std::uint8_t, 16> b{};
  for (int c = 0; c < 16; ++c) b[c] = static_cast<std::uint8_t>(board[c] - 1);
  return AdditiveBound(moves, tiles).bound(b.data());
}

using testing::quarter_turns;
using testing::replay;
using testing::states_near_4x4;
using testing::turn;

std::uint64_t key(const std::vector<int>& b) {
  std::uint64_t k = 0;
  for (int v : b) k = k * 17 + static_cast<std::uint64_t>(v);
  return k;
}

// Distance of every state TO `target`: BFS from target along reversed turns.
std::unordered_map<std::uint64_t, int> bfs_to(const std::vector<int>& target, int n, MoveSet m,
                                              int max_depth = 99) {
  std::unordered_map<std::uint64_t, int> dist;
  std::queue<std::vector<int>> q;
  dist[key(target)] = 0;
  q.push(target);
  while (!q.empty()) {
    auto s = q.front();
    q.pop();
    const int d = dist[key(s)];
    if (d == max_depth) continue;
    for (int b = 0; b < (n - 1) * (n - 1); ++b)
      for (int t : quarter_turns(m)) {
        auto prev = turn(s, n, b, (4 - t) % 4);
        if (dist.emplace(key(prev), d + 1).second) q.push(prev);
      }
  }
  return dist;
}

// 3x3: the checker's own permutation index (for each cell, how many later cells hold a
// smaller number: factorial base, computed pair by pair) and a breadth-first search over
// a flat array of all 9! boards (a hash map of boards took a minute under the sanitizers).
int index3(const std::vector<int>& b) {
  int index = 0;
  for (int i = 0; i < 9; ++i) {
    int smaller_later = 0;
    for (int j = i + 1; j < 9; ++j) smaller_later += b[j] < b[i];
    index = index * (9 - i) + smaller_later;
  }
  return index;
}

std::vector<int> bfs3_to(const std::vector<int>& target, MoveSet m) {
  std::vector<int> dist(362880, -1);
  std::vector<std::vector<int>> queue{target};
  dist[index3(target)] = 0;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::vector<int> s = queue[head];
    for (int b = 0; b < 4; ++b)
      for (int t : quarter_turns(m)) {
        std::vector<int> prev = turn(s, 3, b, (4 - t) % 4);
        int& d = dist[index3(prev)];
        if (d >= 0) continue;
        d = dist[index3(s)] + 1;
        queue.push_back(std::move(prev));
      }
  }
  return dist;
}

// The checker's lower bound: one press moves four numbers one step each.
int manhattan_over_4(const std::vector<int>& b, int n) {
  int sum = 0;
  for (int c = 0; c < n * n; ++c)
    sum += std::abs(c / n - (b[c] - 1) / n) + std::abs(c % n - (b[c] - 1) % n);
  return (sum + 3) / 4;
}

using testing::identity;

TEST(BoxSolver, SeedBoardHasExactlyTheFiveTenMoveSolutions) {
  BoxPuzzle p{3, *parse_board("765/849/321", "start"), identity(3), MoveSet::kClockwise};
  Result<BoxSolveResult> r = solve_box(p, {});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->length, 10);
  EXPECT_EQ(r->count, 5u);
  EXPECT_TRUE(r->proven_optimal);
  std::set<std::string> got;
  for (const auto& seq : r->solutions) {
    std::string s;
    for (const Move& m : seq) s += move_name(m, 3) + " ";
    got.insert(s);
    EXPECT_EQ(replay(p.start, 3, seq), p.target);
  }
  // Seed 003's five solutions, as it printed them.
  const std::set<std::string> seed = {
      "Q2 Q4 Q3 Q4 Q1 Q3 Q1 Q3 Q2 Q3 ", "Q3 Q3 Q4 Q1 Q2 Q2 Q2 Q3 Q3 Q1 ",
      "Q3 Q3 Q4 Q2 Q1 Q1 Q3 Q3 Q1 Q2 ", "Q3 Q4 Q2 Q1 Q3 Q1 Q3 Q2 Q1 Q3 ",
      "Q4 Q2 Q3 Q1 Q1 Q2 Q1 Q3 Q1 Q3 "};
  EXPECT_EQ(got, seed);
}

TEST(BoxSolver, DistancesAgreeWithBreadthFirstSearchOnRandomStates) {
  std::mt19937 rng(2026);
  for (MoveSet m :
       {MoveSet::kClockwise, MoveSet::kBothDirections, MoveSet::kBothDirectionsAndHalf}) {
    const std::vector<int> dist = bfs3_to(identity(3), m);
    ASSERT_EQ(std::count(dist.begin(), dist.end(), -1), 0);
    // The whole table against the search: every distance.
    std::vector<std::uint64_t> layers;
    for (int d : dist) {
      if (static_cast<int>(layers.size()) <= d) layers.resize(d + 1);
      ++layers[d];
    }
    EXPECT_EQ(distance_distribution_3x3(m), layers);
    for (int k = 0; k < 150; ++k) {
      std::vector<int> b = identity(3);
      std::shuffle(b.begin(), b.end(), rng);
      const int d = dist[index3(b)];
      BoxPuzzle p{3, b, identity(3), m};
      Result<BoxSolveResult> r = solve_box(p, {});
      ASSERT_TRUE(r.ok());
      EXPECT_EQ(r->length, d);
      EXPECT_GE(r->count, 1u);
      std::set<std::vector<std::pair<int, int>>> distinct;
      for (const auto& seq : r->solutions) {
        EXPECT_EQ(static_cast<int>(seq.size()), d);
        EXPECT_EQ(replay(b, 3, seq), identity(3));
        std::vector<std::pair<int, int>> v;
        for (const Move& mv : seq) v.push_back({mv.button, mv.quarter_turns});
        distinct.insert(v);
      }
      EXPECT_EQ(distinct.size(), r->solutions.size());
    }
  }
}

TEST(BoxSolver, AnyTargetWorks) {
  std::mt19937 rng(7);
  std::vector<int> target = identity(3);
  std::shuffle(target.begin(), target.end(), rng);
  const std::vector<int> dist = bfs3_to(target, MoveSet::kBothDirections);
  for (int k = 0; k < 50; ++k) {
    std::vector<int> b = identity(3);
    std::shuffle(b.begin(), b.end(), rng);
    Result<BoxSolveResult> r = solve_box({3, b, target, MoveSet::kBothDirections}, {});
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->length, dist[index3(b)]);
    for (const auto& seq : r->solutions) EXPECT_EQ(replay(b, 3, seq), target);
  }
}

TEST(BoxSolver, AllOptimalSequencesAreListed) {
  // Every sequence of the optimal length that solves (enumerated by brute force over all
  // move strings, leaving out only strings that cannot reach the target in the moves
  // left by the checker's Manhattan bound) is listed, except `X' X'`, spelled `X X`.
  std::mt19937 rng(11);
  for (MoveSet m : {MoveSet::kClockwise, MoveSet::kBothDirections}) {
    for (int k = 0; k < 20; ++k) {
      std::vector<int> b = identity(3);
      for (int s = 0; s < 5; ++s) b = turn(b, 3, static_cast<int>(rng() % 4), 1);
      Result<BoxSolveResult> r = solve_box({3, b, identity(3), m}, {});
      ASSERT_TRUE(r.ok());
      std::vector<Move> moves = allowed_moves(3, m);
      std::set<std::string> brute;
      std::vector<Move> seq;
      auto rec = [&](auto&& self, const std::vector<int>& s) -> void {
        if (static_cast<int>(seq.size()) == r->length) {
          if (s == identity(3)) {
            std::string t;
            for (size_t i = 0; i < seq.size(); ++i) {
              const bool respelled = m == MoveSet::kBothDirections && i > 0 &&
                                     seq[i].quarter_turns == 3 && seq[i - 1].quarter_turns == 3 &&
                                     seq[i].button == seq[i - 1].button;
              if (respelled) return;
              t += move_name(seq[i], 3) + " ";
            }
            brute.insert(t);
          }
          return;
        }
        if (manhattan_over_4(s, 3) > r->length - static_cast<int>(seq.size())) return;
        for (const Move& mv : moves) {
          seq.push_back(mv);
          self(self, turn(s, 3, mv.button, mv.quarter_turns));
          seq.pop_back();
        }
      };
      rec(rec, b);
      std::set<std::string> got;
      for (const auto& sq : r->solutions) {
        std::string t;
        for (const Move& mv : sq) t += move_name(mv, 3) + " ";
        got.insert(t);
      }
      EXPECT_EQ(got, brute);
    }
  }
}

TEST(BoxSolver, IdaStarIsOptimalOnShallow4x4And2x2Boards) {
  std::mt19937 rng(99);
  for (int n : {2, 4}) {
    for (MoveSet m : {MoveSet::kClockwise, MoveSet::kBothDirections}) {
      const auto dist = bfs_to(identity(n), n, m, n == 4 ? 4 : 99);
      for (int k = 0; k < 15; ++k) {
        std::vector<int> b = identity(n);
        // Scrambled by turning back, so at most 4 moves undo it in either move set.
        for (int s = 0; s < 4; ++s)
          b = turn(b, n, static_cast<int>(rng() % ((n - 1) * (n - 1))), 3);
        auto it = dist.find(key(b));
        ASSERT_NE(it, dist.end());
        BoxSolveOptions o;
        o.pattern_tiles = 5;
        Result<BoxSolveResult> r = solve_box({n, b, identity(n), m}, o);
        ASSERT_TRUE(r.ok());
        EXPECT_TRUE(r->proven_optimal);
        EXPECT_EQ(r->length, it->second);
        for (const auto& seq : r->solutions) EXPECT_EQ(replay(b, n, seq), identity(n));
      }
    }
  }
}

// Every 2x2 board: the 4 its button reaches are solved optimally, the other 20 proven
// unreachable (a breadth-first search of their own tells them apart).
TEST(BoxSolver, EveryTwoByTwoBoardIsSolvedOrProvenUnreachable) {
  for (MoveSet m :
       {MoveSet::kClockwise, MoveSet::kBothDirections, MoveSet::kBothDirectionsAndHalf}) {
    const auto dist = bfs_to(identity(2), 2, m, 99);
    std::vector<int> b = identity(2);
    int reachable = 0;
    do {
      Result<BoxSolveResult> r = solve_box({2, b, identity(2), m}, BoxSolveOptions{});
      ASSERT_TRUE(r.ok());
      EXPECT_TRUE(r->complete);
      EXPECT_TRUE(r->proven_optimal);
      auto it = dist.find(key(b));
      EXPECT_EQ(r->length, it == dist.end() ? -1 : it->second);
      reachable += it != dist.end();
    } while (std::next_permutation(b.begin(), b.end()));
    EXPECT_EQ(reachable, 4);
  }
}

TEST(BoxSolver, PatternBoundNeverExceedsTheBreadthFirstDistanceOn4x4) {
  for (MoveSet m :
       {MoveSet::kClockwise, MoveSet::kBothDirections, MoveSet::kBothDirectionsAndHalf}) {
    const auto dist = bfs_to(identity(4), 4, m, 3);
    std::mt19937 rng(5);
    int checked = 0;
    for (int k = 0; k < 200; ++k) {
      std::vector<int> b = identity(4);
      for (int s = 0; s < 3; ++s) b = turn(b, 4, static_cast<int>(rng() % 9), 3);
      auto it = dist.find(key(b));
      ASSERT_NE(it, dist.end());
      const int bound = pattern_bound(b, m, 5);
      EXPECT_LE(bound, it->second);
      if (it->second == 0) {
        EXPECT_EQ(bound, 0);
      }
      ++checked;
    }
    EXPECT_EQ(checked, 200);
  }
}

// The bound is the same whichever lookup is tried first (the search passes the one that
// decided the parent's bound): every other lookup is still read, and the first one is not
// read again from an unset index once the maximum moves on (entry 0 is the home placement
// in these tables, so that read said 0; with corners first it said 9 and broke IDA*).
TEST(BoxSolver, PatternBoundIsTheSameWhicheverLookupGoesFirst) {
  for (MoveSet m : {MoveSet::kClockwise, MoveSet::kBothDirections}) {
    const AdditiveBound pattern(m, 5);
    std::mt19937 rng(17);
    for (int k = 0; k < 50; ++k) {
      std::vector<int> b = identity(4);
      for (int s = 0; s < 6; ++s) b = turn(b, 4, static_cast<int>(rng() % 9), 1);
      std::array<std::uint8_t, 16> cells{};
      for (int c = 0; c < 16; ++c) cells[c] = static_cast<std::uint8_t>(b[c] - 1);
      const int all = pattern.bound(cells.data());
      for (int first = 0; first < pattern.images(); ++first) {
        int decided = first;
        EXPECT_EQ(pattern.bound(cells.data(), 255, decided), all) << "first lookup " << first;
      }
    }
  }
}

// Every state within a few moves: the bound (all symmetric and inverse lookups, rounded to
// the board's parity) never exceeds the true distance and has its parity.
TEST(BoxSolver, PatternBoundIsAdmissibleOnEveryStateNearTheTarget) {
  for (MoveSet m : {MoveSet::kClockwise, MoveSet::kBothDirections}) {
    const int depth = m == MoveSet::kClockwise ? 5 : 4;
    const std::map<std::vector<int>, int>& dist = states_near_4x4(m, depth);
    int exact = 0;
    for (const auto& [b, d] : dist)
      for (int tiles : {4, 5}) {
        const int bound = pattern_bound(b, m, tiles);
        ASSERT_LE(bound, d) << tiles << " tiles, moves " << move_set_name(m);
        exact += bound == d;
      }
    EXPECT_GT(exact, static_cast<int>(dist.size()) / 2);  // and a useful bound
  }
}

// Shortest sequences from a state to the target, by the BFS distances, in the listing's
// spelling: with cw+ccw a button turned back twice in a row (`X' X'`) is spelled `X X`,
// so those are left out (`X X'` and `X X X` are never shortest). `last_back` is the button
// the sequence so far ended on with a turn back, or -1.
std::uint64_t shortest_paths(const std::vector<int>& b, int d,
                             const std::unordered_map<std::uint64_t, int>& dist, MoveSet m,
                             int last_back = -1) {
  if (d == 0) return 1;
  std::uint64_t n = 0;
  for (int button = 0; button < 9; ++button)
    for (int t : quarter_turns(m)) {
      if (t == 3 && button == last_back) continue;
      const auto next = turn(b, 4, button, t);
      const auto it = dist.find(key(next));
      if (it != dist.end() && it->second == d - 1)
        n += shortest_paths(next, d - 1, dist, m, t == 3 ? button : -1);
    }
  return n;
}

// First solution, all solutions, and all solutions with only 3 kept in memory (the count
// then comes partly from the listing's table of subtree counts): lengths from the BFS,
// counts from the BFS's shortest paths, both orders of commuting buttons counted.
TEST(BoxSolver, IdaStarFirstAndAllSolutionsAgreeWithBreadthFirstSearchOn4x4) {
  std::mt19937 rng(17);
  for (MoveSet m : {MoveSet::kClockwise, MoveSet::kBothDirections}) {
    const int depth = m == MoveSet::kClockwise ? 6 : 5;
    const auto dist = bfs_to(identity(4), 4, m, depth);
    for (int k = 0; k < 12; ++k) {
      std::vector<int> b = identity(4);
      for (int s = 0; s < depth; ++s) b = turn(b, 4, static_cast<int>(rng() % 9), 3);
      const auto it = dist.find(key(b));
      ASSERT_NE(it, dist.end());
      const std::uint64_t paths = shortest_paths(b, it->second, dist, m);
      BoxSolveOptions o;
      o.pattern_tiles = 5;
      for (int run = 0; run < 3; ++run) {
        o.all = run > 0;
        o.max_solutions = run == 2 ? 3 : 10000;
        Result<BoxSolveResult> r = solve_box({4, b, identity(4), m}, o);
        ASSERT_TRUE(r.ok());
        EXPECT_TRUE(r->proven_optimal);
        EXPECT_EQ(r->length, it->second);
        for (const auto& seq : r->solutions) EXPECT_EQ(replay(b, 4, seq), identity(4));
        if (o.all) {
          EXPECT_EQ(r->count, paths) << move_set_name(m) << " board " << k << " run " << run;
          EXPECT_EQ(r->solutions.size(), std::min<std::uint64_t>(paths, o.max_solutions));
        }
      }
    }
  }
}

// The first solution of a 4x4 board, with a pattern table of `tiles` numbers.
Result<BoxSolveResult> first_solution_4x4(const std::vector<int>& b, MoveSet m, int tiles,
                                          std::uint64_t node_budget = 200000000) {
  BoxSolveOptions o;
  o.all = false;
  o.pattern_tiles = tiles;
  o.node_budget = node_budget;
  return solve_box({4, b, identity(4), m}, o);
}

TEST(BoxSolver, LengthsAgreeAcrossPatternTableSizes) {
  for (MoveSet m : {MoveSet::kClockwise, MoveSet::kBothDirections}) {
    for (const auto& b : scrambled_boards(4, m, 3, 7, 31)) {
      Result<BoxSolveResult> small = first_solution_4x4(b, m, 4);
      Result<BoxSolveResult> large = first_solution_4x4(b, m, 5);
      ASSERT_TRUE(small.ok() && large.ok());
      EXPECT_TRUE(small->proven_optimal && large->proven_optimal);
      EXPECT_EQ(small->length, large->length);
      EXPECT_LE(large->nodes, small->nodes);
      EXPECT_EQ(replay(b, 4, large->solutions.at(0)), identity(4));
    }
  }
}

// A node budget too small to prove the optimum still leaves the quick search's solution,
// with a lower bound that the optimum (solved without a budget) respects.
TEST(BoxSolver, ABudgetThatRunsOutLeavesTheBestSolutionFoundAndALowerBound) {
  for (MoveSet m : {MoveSet::kClockwise, MoveSet::kBothDirections}) {
    for (const auto& b : scrambled_boards(4, m, 2, 9, 8)) {
      const std::uint64_t budget = 300;
      Result<BoxSolveResult> full = first_solution_4x4(b, m, 5);
      Result<BoxSolveResult> cut = first_solution_4x4(b, m, 5, budget);
      ASSERT_TRUE(full.ok() && cut.ok());
      ASSERT_TRUE(full->proven_optimal);
      EXPECT_GT(full->nodes, budget);  // else the budget did not cut anything
      EXPECT_FALSE(cut->proven_optimal);
      EXPECT_FALSE(cut->complete);
      ASSERT_EQ(cut->solutions.size(), 1u);
      EXPECT_EQ(static_cast<int>(cut->solutions[0].size()), cut->length);
      EXPECT_EQ(replay(b, 4, cut->solutions[0]), identity(4));
      EXPECT_GE(cut->length, full->length);
      EXPECT_LE(cut->lower_bound, full->length);
      EXPECT_GT(cut->lower_bound, 0);
      EXPECT_EQ(full->lower_bound, full->length);
    }
  }
}

// The table as kept on disk: read back whole and unchanged only.
TEST(BoxSolver, PatternTableBytesLoadBackOnlyWhenWholeAndUnchanged) {
  { const AdditiveBound built_here(MoveSet::kBothDirections, 4); }
  std::vector<std::uint8_t> bytes = pattern_table_bytes(MoveSet::kBothDirections, 4);
  ASSERT_EQ(bytes.size(), 16u + 16 * 15 * 14 * 13 / 2);
  const auto load = [](MoveSet m, int tiles, const std::vector<std::uint8_t>& b) {
    return load_pattern_table(m, tiles, b.data(), b.size());
  };
  EXPECT_TRUE(load(MoveSet::kBothDirections, 4, bytes));
  EXPECT_FALSE(load(MoveSet::kClockwise, 4, bytes));  // another move set
  EXPECT_FALSE(load(MoveSet::kBothDirections, 5, bytes));
  std::vector<std::uint8_t> damaged = bytes;
  damaged[bytes.size() / 2] ^= 1;
  EXPECT_FALSE(load(MoveSet::kBothDirections, 4, damaged));
  damaged = bytes;
  damaged.pop_back();
  EXPECT_FALSE(load(MoveSet::kBothDirections, 4, damaged));
}

// The kept table's name (the CLI's cache file, the browser's storage key) carries the move
// set, the numbers and the format version, so no other table is ever read under it.
TEST(BoxSolver, PatternTableNamesCarryMoveSetNumbersAndVersion) {
  EXPECT_EQ(pattern_table_name(MoveSet::kBothDirections, 7), "box-pattern-cw+ccw-7.v1");
  EXPECT_EQ(pattern_table_name(MoveSet::kClockwise, 6), "box-pattern-cw-6.v1");
  EXPECT_EQ(pattern_table_name(MoveSet::kBothDirectionsAndHalf, 5), "box-pattern-cw+ccw+half-5.v1");
}

// Random presses of few buttons (long runs of one button, X X' and X' X' among them),
// respelled: the same board, no longer, every press one the spelling rules allow, and
// respelled again unchanged.
TEST(BoxSpelling, RespelledPathsReachTheSameBoardInTheCanonicalSpelling) {
  std::mt19937 rng(2511);
  for (MoveSet moves :
       {MoveSet::kClockwise, MoveSet::kBothDirections, MoveSet::kBothDirectionsAndHalf}) {
    const std::vector<Move> all = allowed_moves(3, moves);
    for (int trial = 0; trial < 300; ++trial) {
      std::vector<Move> path;
      for (int k = 0, n = static_cast<int>(rng() % 14); k < n; ++k) {
        const Move m = all[rng() % all.size()];
        if (m.button < 2) path.push_back(m);  // two buttons: runs and cancellations
      }
      const std::vector<Move> out = respelled(path, moves);
      std::vector<int> a = testing::identity(3), b = a;
      for (const Move& m : path) apply_move(a, 3, m);
      for (const Move& m : out) apply_move(b, 3, m);
      EXPECT_EQ(a, b);
      EXPECT_LE(out.size(), path.size());
      Spelling s;
      for (const Move& m : out) {
        ASSERT_TRUE(s.allows(m)) << "trial " << trial;
        s = s.after(m, moves);
      }
      const std::vector<Move> again = respelled(out, moves);
      ASSERT_EQ(again.size(), out.size());
      for (std::size_t k = 0; k < out.size(); ++k)
        EXPECT_TRUE(again[k].button == out[k].button &&
                    again[k].quarter_turns == out[k].quarter_turns);
    }
  }
}

TEST(BoxBoard, ParsesAndPrintsBoardsAndMoves) {
  EXPECT_EQ(*parse_board("765849321", "s"), (std::vector<int>{7, 6, 5, 8, 4, 9, 3, 2, 1}));
  EXPECT_EQ(*parse_board("765/849/321", "s"), *parse_board("765849321", "s"));
  EXPECT_EQ(format_board(*parse_board("765849321", "s"), 3), "765/849/321");
  EXPECT_EQ(parse_board("1,2,3,4/5,6,7,8/9,10,11,12/13,14,15,16", "s")->size(), 16u);
  EXPECT_EQ(format_board(identity(4), 4), "1,2,3,4/5,6,7,8/9,10,11,12/13,14,15,16");
  auto moves = parse_moves("Q2 Q4' Q12", 3, MoveSet::kBothDirectionsAndHalf);
  ASSERT_TRUE(moves.ok());  // "Q12" is Q1's half turn, as move_name writes it
  EXPECT_EQ((*moves)[2].button, 0);
  EXPECT_EQ((*moves)[2].quarter_turns, 2);
  EXPECT_FALSE(parse_moves("Q2 Q4' Q12", 3, MoveSet::kBothDirections).ok());
  moves = parse_moves("Q2 Q4' Q1", 3, MoveSet::kBothDirections);
  ASSERT_TRUE(moves.ok());
  EXPECT_EQ(move_name((*moves)[1], 3), "Q4'");
  EXPECT_FALSE(parse_moves("Q4'", 3, MoveSet::kClockwise).ok());
  // The page's names for the 3x3 buttons read as the same moves; B5 is no 3x3 button.
  const auto as_b = parse_moves("B2 B4' B1", 3, MoveSet::kBothDirections);
  ASSERT_TRUE(as_b.ok());
  ASSERT_EQ(as_b->size(), moves->size());
  for (size_t i = 0; i < moves->size(); ++i)
    EXPECT_EQ(move_name((*as_b)[i], 3), move_name((*moves)[i], 3));
  EXPECT_FALSE(parse_moves("B5", 3, MoveSet::kBothDirections).ok());
  EXPECT_FALSE(parse_moves("Q2", 4, MoveSet::kBothDirections).ok());
  EXPECT_EQ(move_name(Move{8, 2}, 4), "B92");
}

// The largest board (9x9: 81 numbers, 64 buttons): typed and printed, each button's name read
// back, each turn as the checker's own, as the searches' cell maps and their index, and the
// spelling keys of every button distinct and within their bound.
TEST(BoxBoard, NineByNineBoardsParsePrintAndTurn) {
  const int n = kMaxBoardSize;
  ASSERT_EQ(n, 9);
  std::vector<int> reversed(n * n);
  for (int i = 0; i < n * n; ++i) reversed[i] = n * n - i;
  const std::string text = format_board(reversed, n);
  EXPECT_EQ(text.substr(0, 27), "81,80,79,78,77,76,75,74,73/");
  Result<std::vector<int>> back = parse_board(text, "start");
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ(*back, reversed);
  EXPECT_EQ(board_size(*back), 9);
  std::string ten;  // 10x10: one size too many
  for (int i = 1; i <= 100; ++i) {
    if (i > 1) ten += ',';
    ten.append(std::to_string(i));  // (appended, not operator+: GCC 12 -Wrestrict)
  }
  Result<std::vector<int>> too_big = parse_board(ten, "start");
  ASSERT_FALSE(too_big.ok());
  EXPECT_NE(too_big.error().to_string().find("too many numbers: at most 9x9"), std::string::npos);

  EXPECT_EQ(move_name({63, 1}, n), "B64");
  EXPECT_EQ(move_name({63, 3}, n), "B64'");
  EXPECT_EQ(move_name({0, 2}, n), "B1x2");
  EXPECT_FALSE(parse_move("B65", n, MoveSet::kBothDirections).ok());
  EXPECT_FALSE(parse_move("B0", n, MoveSet::kBothDirections).ok());

  const MoveSet all_turns = MoveSet::kBothDirectionsAndHalf;
  const std::vector<Move> moves = allowed_moves(n, all_turns);
  ASSERT_EQ(moves.size(), 3u * 64);
  const std::vector<MoveCells> cells = move_cells(n, all_turns);
  const MoveCellsIndex index = move_cells_index(cells);
  std::set<std::uint32_t> keys;
  for (std::size_t k = 0; k < moves.size(); ++k) {
    const Move& m = moves[k];
    Result<Move> parsed = parse_move(move_name(m, n), n, all_turns);
    ASSERT_TRUE(parsed.ok()) << move_name(m, n);
    EXPECT_EQ(parsed->button, m.button);
    EXPECT_EQ(parsed->quarter_turns, m.quarter_turns);
    std::vector<int> board = reversed;
    apply_move(board, n, m);
    EXPECT_EQ(board, turn(reversed, n, m.button, m.quarter_turns)) << move_name(m, n);
    // The cell map on boards of bytes (numbers 0..80), found again through the index.
    ASSERT_LT(static_cast<std::size_t>(move_key(m)), index.size());
    const MoveCells& mc = cells[index[static_cast<std::size_t>(move_key(m))]];
    EXPECT_EQ(mc.button, m.button);
    EXPECT_EQ(mc.quarter_turns, m.quarter_turns);
    Cells bytes{};
    for (int c = 0; c < n * n; ++c) bytes[c] = static_cast<std::uint8_t>(reversed[c] - 1);
    const int parity = permutation_parity(bytes.data(), n * n);
    turn_cells(bytes, mc);
    for (int c = 0; c < n * n; ++c) ASSERT_EQ(bytes[c] + 1, board[c]) << move_name(m, n);
    // A quarter turn (a 4-cycle) flips the parity, a half turn (two swaps) keeps it.
    EXPECT_EQ(permutation_parity(bytes.data(), n * n), parity ^ (m.quarter_turns == 2 ? 0 : 1));
    turn_cells(bytes, mc, true);
    for (int c = 0; c < n * n; ++c) ASSERT_EQ(bytes[c] + 1, reversed[c]);
    // Spelling keys: one per (button, presses left), all below kMaxSpellingKeys.
    for (MoveSet set : {MoveSet::kClockwise, MoveSet::kBothDirections}) {
      const Spelling after = Spelling{}.after({m.button, 1}, set);
      EXPECT_LT(after.key(), kMaxSpellingKeys);
      EXPECT_EQ(Spelling::of_key(after.key()).button, m.button);
      EXPECT_EQ(Spelling::of_key(after.key()).more, after.more);
      keys.insert(after.key());
    }
  }
  EXPECT_EQ(keys.size(), 2u * 64);  // more = 2 (cw) and 1 (cw+ccw) for each button
}

TEST(BoxBoard, BadBoardsGetOneClearError) {
  const std::pair<const char*, const char*> cases[] = {
      {"76584932", "8 numbers do not make a square board"},
      {"765849322", "number 2 appears twice"},
      {"7658493210", "10 numbers do not make a square board"},
      {"765/849/3x1", "unexpected character 'x'"},
      {"765/849/32\xC8\xBD", "unexpected byte 0xC8"},  // half a UTF-8 letter is not quoted
      {"1", "1 numbers do not make a square board of at least 2x2"},
      {"", "0 numbers do not make a square board"},
      {"1234567890123456", "boards bigger than 3x3 need comma-separated numbers"},
      {"1,2,3,5", "number 5 is out of range: a 2x2 board holds 1..4"},
      {"1,2,3,12345", "number '12345' is too long"},
      {"965/849/321", "number 9 appears twice"},
  };
  for (const auto& [text, message] : cases) {
    Result<std::vector<int>> r = parse_board(text, "start");
    ASSERT_FALSE(r.ok()) << text;
    EXPECT_NE(r.error().to_string().find(message), std::string::npos)
        << text << " -> " << r.error().to_string();
    EXPECT_EQ(r.error().to_string().rfind("start: ", 0), 0u);
  }
}

}  // namespace
}  // namespace tilewise::box

// The additive tables of 5x5 and up (core/box/bounds/additive_db.hpp): entries against a Dijkstra
// written here over the checker's own moves, the bound against breadth-first distances and
// scramble lengths, the group maps' errors, and the kept bytes.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <queue>
#include <set>

#include "box_test_boards.hpp"
#include "core/box/bounds/additive_db.hpp"
#include "core/box/model/board.hpp"
#include "core/box/search/solver.hpp"

namespace tilewise::box {
namespace {

using testing::identity;
using testing::quarter_turns;
using testing::turn;

// Small groups (at most 4 numbers: tables of at most 25P4 = 303,600 entries, built at once).
const char* const kSmall5 = "AABBE/AABBE/CCDDE/CCDDE/FFFF.";

// The fewest quarters (a press charged one per number of the group it moves) that bring
// the group's numbers (homes `home`) from every placement home: a Dijkstra over placements
// as cell lists, from home, by the checker's turns undone.
std::map<std::vector<int>, int> quarters_home(int n, MoveSet m, const std::vector<int>& home) {
  std::map<std::vector<int>, int> dist{{home, 0}};
  using Item = std::pair<int, std::vector<int>>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
  queue.push({0, home});
  while (!queue.empty()) {
    const auto [d, cells] = queue.top();
    queue.pop();
    if (dist[cells] < d) continue;
    for (int b = 0; b < (n - 1) * (n - 1); ++b)
      for (int t : quarter_turns(m)) {
        // Where each cell's number goes when the press (b, t) is undone.
        std::vector<int> board = identity(n);
        board = turn(board, n, b, (4 - t) % 4);
        std::vector<int> goes(n * n);
        for (int c = 0; c < n * n; ++c) goes[board[c] - 1] = c;
        std::vector<int> next = cells;
        int charge = 0;
        for (int& c : next) {
          charge += goes[c] != c;
          c = goes[c];
        }
        if (charge == 0) continue;
        const auto it = dist.find(next);
        if (it != dist.end() && it->second <= d + charge) continue;
        dist[next] = d + charge;
        queue.push({d + charge, next});
      }
  }
  return dist;
}

TEST(BoxAdditiveNxN, TableEntriesAreTheFewestQuartersOfABruteForce) {
  for (MoveSet m :
       {MoveSet::kClockwise, MoveSet::kBothDirections, MoveSet::kBothDirectionsAndHalf}) {
    for (const std::vector<int>& home : {std::vector<int>{0, 1, 5}, std::vector<int>{7, 12, 18}}) {
      const auto expected = quarters_home(5, m, home);
      const std::vector<std::uint8_t> table(home.begin(), home.end());
      ASSERT_EQ(expected.size(), 25u * 24 * 23);  // every placement is reached
      int largest = 0;
      for (const auto& [cells, quarters] : expected) {
        const std::vector<std::uint8_t> at(cells.begin(), cells.end());
        ASSERT_EQ(additive_entry(m, table, at, 5), quarters)
            << static_cast<int>(m) << " " << cells[0] << "," << cells[1] << "," << cells[2];
        largest = std::max(largest, quarters);
      }
      EXPECT_GT(largest, 8);
    }
  }
}

// The numbers of 1-based `board`, 0-based (what bound() reads).
std::vector<std::uint8_t> zero_based(const std::vector<int>& board) {
  std::vector<std::uint8_t> out;
  for (int v : board) out.push_back(static_cast<std::uint8_t>(v - 1));
  return out;
}

// Every board within a few moves of the target: the bound never passes its distance, and
// is above Manhattan's on some of them.
TEST(BoxAdditiveNxN, TheBoundNeverPassesTheBreadthFirstDistance) {
  for (MoveSet m : {MoveSet::kClockwise, MoveSet::kBothDirections}) {
    const int depth = m == MoveSet::kClockwise ? 4 : 3;
    const auto& dist = testing::states_near(5, m, depth);
    const AdditiveBound bound(5, m, kSmall5);
    // cw: 4 rotations and 4 reflections of the inverse; cw+ccw: 16, but the transpose keeps
    // every group's numbers together (B with C, E with F): 8.
    EXPECT_EQ(bound.images(), 8);
    int above_manhattan = 0;
    for (const auto& [board, d] : dist) {
      const auto b = zero_based(board);
      const int h = bound.bound(b.data());
      ASSERT_LE(h, d);
      int manhattan = 0;
      for (int c = 0; c < 25; ++c)
        manhattan += std::abs(c / 5 - b[c] / 5) + std::abs(c % 5 - b[c] % 5);
      above_manhattan += h > (manhattan + 3) / 4;
    }
    EXPECT_GT(above_manhattan, 0);
  }
}

// Scrambles of 6x6 and 7x7 (and 5x5 with half turns): the bound stays within the scramble's
// length (cw: 3 presses undo a press).
TEST(BoxAdditiveNxN, TheBoundStaysWithinScrambleLengths) {
  const std::tuple<int, MoveSet, const char*> cases[] = {
      {5, MoveSet::kBothDirectionsAndHalf, kSmall5},
      {6, MoveSet::kBothDirections, "AAABBB/CCCDDD/EEEFFF/GGGHHH/IIIJJJ/KKKLLL"},
      {7, MoveSet::kClockwise, "AAABBB./CCCDDD./EEEFFF./GGGHHH./IIIJJJ./KKKLLL./......."}};
  for (const auto& [n, m, map] : cases) {
    ASSERT_TRUE(parse_group_map(n, map).ok()) << map;
    const AdditiveBound bound(n, m, map);
    for (int turns : {4, 8, 16, 30}) {
      for (const auto& board : scrambled_boards(n, m, 20, turns, 77 + turns)) {
        const auto b = zero_based(board);
        EXPECT_LE(bound.bound(b.data()), m == MoveSet::kClockwise ? 3 * turns : turns) << map;
      }
    }
  }
}

// With the tables, shallow scrambles are still proven optimal at their breadth-first
// distance (the optimal search's bound is the tables').
TEST(BoxAdditiveNxN, TheOptimalSearchWithTheTablesMatchesBreadthFirstSearch) {
  for (const auto& start : scrambled_boards(5, MoveSet::kBothDirections, 6, 6, 31)) {
    BoxSolveOptions o;
    o.all = false;
    o.pattern_tiles = 5;
    o.group_map = kSmall5;
    BoxSearch with({5, start, identity(5), MoveSet::kBothDirections}, o);
    o.group_map.clear();
    BoxSearch without({5, start, identity(5), MoveSet::kBothDirections}, o);
    while (!with.run(100000)) {
    }
    while (!without.run(100000)) {
    }
    EXPECT_EQ(with.result().length, without.result().length);
    EXPECT_TRUE(with.result().proven_optimal);
    EXPECT_LE(with.result().nodes, without.result().nodes);
    ASSERT_FALSE(with.result().solutions.empty());
    EXPECT_EQ(testing::replay(start, 5, with.result().solutions[0]), identity(5));
  }
}

TEST(BoxAdditiveNxN, GroupMapsAreCheckedWithOneClearError) {
  EXPECT_TRUE(parse_group_map(5, kSmall5).ok());
  for (int n = 5; n <= 8; ++n) {
    const auto groups = parse_group_map(n, default_group_map(n));
    ASSERT_TRUE(groups.ok()) << n;
    std::set<int> cells;
    for (const auto& g : *groups) cells.insert(g.begin(), g.end());
    EXPECT_GE(static_cast<int>(cells.size()), n * n - 1) << n;
  }
  const auto rows = parse_group_map(5, "AABBE/AABBE/CCDDE/CCDDE");
  ASSERT_FALSE(rows.ok());
  EXPECT_NE(rows.error().what.find("4 rows, the board has 5"), std::string::npos);
  const auto cells = parse_group_map(5, "AABBE/AABBE/CCDDE/CCDD/FFFF.");
  ASSERT_FALSE(cells.ok());
  EXPECT_NE(cells.error().what.find("row 4 has 4 cells"), std::string::npos);
  const auto sign = parse_group_map(5, "AABBE/AA+BE/CCDDE/CCDDE/FFFF.");
  ASSERT_FALSE(sign.ok());
  EXPECT_NE(sign.error().what.find("'+' in row 2"), std::string::npos);
  const auto big = parse_group_map(7, "AAAAAAA/......./......./......./......./......./.......");
  ASSERT_FALSE(big.ok());
  EXPECT_NE(big.error().what.find("group 'A' has 7 numbers"), std::string::npos);
}

// Groups that are images of one another share a table: the 5x5 default's four arms one.
TEST(BoxAdditiveNxN, SymmetricGroupsShareOneTable) {
  const auto groups = *parse_group_map(5, default_group_map(5));
  std::set<std::string> tables;  // by name
  for (const auto& g : groups)
    tables.insert(
        group_table_name(5, MoveSet::kBothDirections, table_home(5, MoveSet::kBothDirections, g)));
  EXPECT_EQ(tables.size(), 2u);
  tables.clear();
  // Corner, edge and inner blocks, the side's 4; with cw (rotations only) the two edge blocks
  // and the two sides are mirror images, not turned ones: 6.
  for (MoveSet m : {MoveSet::kBothDirections, MoveSet::kClockwise}) {
    tables.clear();
    const auto small = parse_group_map(5, kSmall5);
    for (const auto& g : *small) tables.insert(group_table_name(5, m, table_home(5, m, g)));
    EXPECT_EQ(tables.size(), m == MoveSet::kClockwise ? 6u : 4u);
  }
}

TEST(BoxAdditiveNxN, KeptBytesLoadBackOnlyWhole) {
  const std::vector<std::uint8_t> home = {0, 1, 6};
  build_group_table(5, MoveSet::kBothDirections, home);
  const auto bytes = group_table_bytes(5, MoveSet::kBothDirections, home);
  ASSERT_FALSE(bytes.empty());
  const auto load = [&](MoveSet m, const std::vector<std::uint8_t>& b) {
    auto kept = table_from_bytes(group_table_format(5, m, home), b.data(), b.size());
    if (kept) keep_group_table(5, m, home, *kept);
    return kept.ok();
  };
  EXPECT_TRUE(load(MoveSet::kBothDirections, bytes));
  auto damaged = bytes;
  damaged[damaged.size() / 2] ^= 1;
  EXPECT_FALSE(load(MoveSet::kBothDirections, damaged));
  EXPECT_FALSE(load(MoveSet::kClockwise, bytes));
  EXPECT_FALSE(load(MoveSet::kBothDirections, {bytes.begin(), bytes.end() - 1}));
  EXPECT_TRUE(group_table_bytes(5, MoveSet::kClockwise, {2, 3, 9}).empty());  // not built
  EXPECT_NE(group_table_name(5, MoveSet::kBothDirections, home).find("5x5-cw+ccw-0.1.6.v1"),
            std::string::npos);
}

}  // namespace
}  // namespace tilewise::box

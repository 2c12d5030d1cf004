#include <gtest/gtest.h>

#include <algorithm>

#include "core/edge/model/format.hpp"
#include "core/play/board.hpp"
#include "core/play/hint.hpp"
#include "edge_brute_force.hpp"
#include "test_data.hpp"

namespace tilewise {
namespace {

EdgePuzzle example(const std::string& file) {
  const std::string path = testing::source_path("assets/puzzles/" + file);
  return *parse_puzzle(testing::read_file(path), path);
}

testing::Cells as_cells(const std::vector<Placement>& v) {
  testing::Cells c;
  for (const Placement& p : v) c.emplace_back(p.tile, p.rotation);
  return c;
}

bool same_sides(const EdgePuzzle& p, const Placement& a, std::pair<int, int> b) {
  if (a.tile != b.first) return false;
  for (int s = 0; s < 4; ++s)
    if (testing::side_after_turn(p, a.tile, a.rotation, s) !=
        testing::side_after_turn(p, b.first, b.second, s))
      return false;
  return true;
}

// Independently: the most cells of `cells` any solution (any board turn) agrees with.
int best_agreement(const EdgePuzzle& p, const std::vector<Placement>& cells) {
  int best = -1;
  for (const testing::Cells& rep : testing::enumerate_by_backtracking(p).classes)
    for (int t : testing::symmetry_turns(p)) {
      const testing::Cells s = testing::turn_board(p, rep, t);
      int kept = 0;
      for (size_t c = 0; c < cells.size(); ++c) kept += same_sides(p, cells[c], s[c]);
      best = std::max(best, kept);
    }
  return best;
}

// Makes the hinted placement: brings the tile to the cell, then turns it.
void apply(PlayBoard& board, const Hint& h) {
  const auto& cells = board.cells();
  for (int c = 0; c < static_cast<int>(cells.size()); ++c) {
    if (cells[c].tile == h.place.tile && c != h.cell) {
      ASSERT_TRUE(board.swap(c, h.cell));
    }
  }
  const int turn = (h.place.rotation - board.cells()[h.cell].rotation + 4) % 4;
  if (turn) {
    ASSERT_TRUE(board.rotate(h.cell, turn));
  }
}

TEST(PlayHint, PointsAtAPlacementOfTheClosestSolution) {
  const EdgePuzzle p = example("seed000_mockup.txt");
  PlayBoard board(p);
  const Hint h = find_hint(p, board.cells());
  ASSERT_EQ(h.kind, Hint::Kind::kPlace);
  EXPECT_TRUE(testing::cells_fit(p, as_cells(h.target)));
  EXPECT_EQ(h.kept, best_agreement(p, board.cells()));
  ASSERT_GE(h.cell, 0);
  EXPECT_FALSE(same_sides(p, board.cells()[h.cell], {h.place.tile, h.place.rotation}));
  EXPECT_EQ(h.target[h.cell].tile, h.place.tile);
}

TEST(PlayHint, FollowingHintsSolvesTheBoard) {
  for (const char* file : {"seed000_mockup.txt", "cards_2x2.txt", "seed001_dogs.txt"}) {
    SCOPED_TRACE(file);
    const EdgePuzzle p = example(file);
    PlayBoard board(p);
    const int n = p.rows * p.cols;
    int steps = 0;
    for (Hint h = find_hint(p, board.cells()); h.kind != Hint::Kind::kSolved;
         h = find_hint(p, board.cells())) {
      ASSERT_EQ(h.kind, Hint::Kind::kPlace);
      const int before = h.kept;
      apply(board, h);
      EXPECT_GT(find_hint(p, board.cells()).kept, before);
      ASSERT_LE(++steps, n);
    }
    EXPECT_TRUE(board.solved());
    EXPECT_TRUE(testing::cells_fit(p, as_cells(board.cells())));
  }
}

TEST(PlayHint, SaysWhenThereIsNoSolution) {
  EdgePuzzle p;
  p.rows = 1;
  p.cols = 2;
  p.tiles = {Tile{"a", {1, -1, 1, -1}}, Tile{"b", {2, -2, 2, -2}}};
  ASSERT_TRUE(testing::enumerate_everything(p).classes.empty());
  EXPECT_EQ(find_hint(p, PlayBoard(p).cells()).kind, Hint::Kind::kNoSolution);
}

TEST(PlayHint, KeepsFixedTilesAndNeverPointsAtThem) {
  EdgePuzzle p = example("seed000_mockup.txt");
  const testing::Cells sol = testing::enumerate_by_backtracking(p).classes.front();
  p.fixed.push_back(FixedTile{1, 1, sol[4].first, sol[4].second});
  PlayBoard board(p);
  const Hint h = find_hint(p, board.cells());
  ASSERT_EQ(h.kind, Hint::Kind::kPlace);
  EXPECT_NE(h.cell, 4);
  EXPECT_EQ(h.target[4].tile, sol[4].first);
  EXPECT_EQ(h.target[4].rotation, sol[4].second);
}

TEST(PlayHint, UnknownWhenTheBudgetRunsOut) {
  const EdgePuzzle p = example("generated_7x7_hard.txt");
  HintLimits tiny;
  tiny.node_budget = 50;
  EXPECT_EQ(find_hint(p, PlayBoard(p).cells(), tiny).kind, Hint::Kind::kUnknown);
}

// The words follow the board: where the tile is now, where it goes, the turn from the way it
// lies now, and singular/plural counts.
TEST(PlayHint, DescribesTheMoveFromWhereTheTileIsNow) {
  Hint h;
  h.kind = Hint::Kind::kPlace;
  h.cell = 0;
  h.place = Placement{2, 1};
  h.kept = 1;
  std::vector<Placement> cells = {{0, 0}, {1, 0}, {2, 3}, {3, 0}};  // 2x2, tile 3 at (2, 1)
  EXPECT_EQ(hint_tile_cell(h, cells), 2);
  EXPECT_EQ(describe_hint(h, cells, 2),
            "Tile 3 (now at row 2, column 1): put it at row 1, column 1 and turn it twice (a half "
            "turn). 1 tile already fits that solution.");
  cells[2].rotation = 1;
  h.kept = 0;
  EXPECT_EQ(describe_hint(h, cells, 2),
            "Tile 3 (now at row 2, column 1): put it at row 1, column 1. No tile on the board is "
            "in place for that solution yet.");
  cells[0] = {2, 0};  // on the hinted cell, turned wrong; tile 1 in the tray
  cells[2] = {-1, 0};
  h.kept = 2;
  EXPECT_EQ(hint_tile_cell(h, cells), 0);
  EXPECT_EQ(describe_hint(h, cells, 2),
            "Tile 3 (now at row 1, column 1): turn it once clockwise. 2 tiles already fit that "
            "solution.");
  h.place = Placement{0, 3};
  h.cell = 2;
  EXPECT_EQ(hint_tile_cell(h, cells), -1);
  EXPECT_EQ(describe_hint(h, cells, 2),
            "Tile 1 (now in the tray): put it at row 2, column 1 and turn it once "
            "counter-clockwise. 2 tiles already fit that solution.");
}

}  // namespace
}  // namespace tilewise

#include <gtest/gtest.h>

#include "core/edge/model/format.hpp"
#include "core/edge/search/solver.hpp"
#include "core/play/board.hpp"
#include "test_data.hpp"

namespace tilewise {
namespace {

EdgePuzzle mockup() {
  const std::string path = testing::source_path("assets/puzzles/seed000_mockup.txt");
  return *parse_puzzle(testing::read_file(path), path);
}

TEST(PlayBoard, ApplyingASolutionSolvesTheBoard) {
  const EdgePuzzle p = mockup();
  PlayBoard board(p);
  EXPECT_EQ(board.inner_edges(), 12);
  EXPECT_FALSE(board.solved());
  const SolveResult r = solve(p, {});
  for (const Solution& s : r.solutions) {
    board.set_cells(s.cells);
    EXPECT_EQ(board.matched_edges(), 12);
    EXPECT_TRUE(board.solved());
  }
}

TEST(PlayBoard, RotateSwapUndoRedo) {
  const EdgePuzzle p = mockup();
  PlayBoard board(p);
  const auto start = board.cells();
  ASSERT_TRUE(board.rotate(4, 1));
  EXPECT_EQ(board.cells()[4].rotation, 1);
  ASSERT_TRUE(board.rotate(4, -1));
  ASSERT_TRUE(board.rotate(4, -1));
  EXPECT_EQ(board.cells()[4].rotation, 3);
  ASSERT_TRUE(board.swap(0, 8));
  EXPECT_EQ(board.cells()[0].tile, 8);
  EXPECT_FALSE(board.swap(3, 3));
  EXPECT_TRUE(board.undo());
  EXPECT_EQ(board.cells()[0].tile, 0);
  EXPECT_TRUE(board.redo());
  EXPECT_EQ(board.cells()[0].tile, 8);
  while (board.undo()) {
  }
  EXPECT_EQ(board.cells()[4].rotation, start[4].rotation);
  EXPECT_FALSE(board.can_undo());
}

TEST(PlayBoard, MatchCounterFollowsMoves) {
  const EdgePuzzle p = mockup();
  PlayBoard board(p);
  board.set_cells(solve(p, {}).solutions[0].cells);
  ASSERT_EQ(board.matched_edges(), 12);
  board.rotate(4, 1);  // the centre touches 4 edges; a turn breaks at least one
  EXPECT_LT(board.matched_edges(), 12);
  EXPECT_FALSE(board.solved());
  board.undo();
  EXPECT_TRUE(board.solved());
}

TEST(PlayBoard, FixedTilesStayPut) {
  EdgePuzzle p = mockup();
  p.fixed.push_back(FixedTile{1, 1, 4, 2});
  PlayBoard board(p);
  EXPECT_EQ(board.cells()[4].tile, 4);
  EXPECT_EQ(board.cells()[4].rotation, 2);
  EXPECT_FALSE(board.rotate(4, 1));
  EXPECT_FALSE(board.swap(4, 0));
  EXPECT_TRUE(board.swap(0, 8));
}

TEST(PlayBoard, TrayHoldsTheTilesOffTheBoard) {
  EdgePuzzle p = mockup();
  p.fixed.push_back(FixedTile{1, 1, 4, 2});
  PlayBoard board(p);
  EXPECT_TRUE(board.tray().empty());
  EXPECT_EQ(board.first_empty_cell(), -1);
  ASSERT_TRUE(board.clear_to_tray());  // every tile but the fixed one
  EXPECT_EQ(board.tray(), (std::vector<int>{0, 1, 2, 3, 5, 6, 7, 8}));
  EXPECT_EQ(board.cells()[4].tile, 4);
  EXPECT_FALSE(board.clear_to_tray());  // nothing left to clear
  EXPECT_EQ(board.first_empty_cell(), 0);
  EXPECT_EQ(board.matched_edges(), 0);
  EXPECT_FALSE(board.solved());

  EXPECT_FALSE(board.place_from_tray(4, 0));  // on the board (fixed) already
  EXPECT_FALSE(board.place_from_tray(0, 4));  // a fixed cell
  EXPECT_FALSE(board.place_from_tray(9, 0));  // no such tile
  ASSERT_TRUE(board.place_from_tray(7, 0));
  EXPECT_EQ(board.cells()[0].tile, 7);
  EXPECT_EQ(board.cells()[0].rotation, 0);
  EXPECT_FALSE(board.place_from_tray(7, 1));  // now on the board
  ASSERT_TRUE(board.place_from_tray(2, 0));   // replaces tile 7, which goes back to the tray
  EXPECT_EQ(board.cells()[0].tile, 2);
  EXPECT_EQ(board.tray(), (std::vector<int>{0, 1, 3, 5, 6, 7, 8}));
  ASSERT_TRUE(board.swap(0, 8));  // a tile moves onto an empty cell
  EXPECT_EQ(board.cells()[8].tile, 2);
  EXPECT_EQ(board.cells()[0].tile, -1);
  EXPECT_FALSE(board.take_to_tray(0));  // empty
  EXPECT_FALSE(board.take_to_tray(4));  // fixed
  ASSERT_TRUE(board.take_to_tray(8));
  EXPECT_EQ(board.tray().size(), 8u);

  ASSERT_TRUE(board.undo());  // tile 2 back on cell 8
  EXPECT_EQ(board.cells()[8].tile, 2);
  while (board.undo()) {
  }
  EXPECT_TRUE(board.tray().empty());  // the board as dealt

  // Rebuilding a solution from the tray solves the board.
  const SolveResult r = solve(p, {});
  ASSERT_FALSE(r.solutions.empty());
  ASSERT_TRUE(board.clear_to_tray());
  for (int c = 0; c < 9; ++c) {
    const Placement& want = r.solutions[0].cells[c];
    if (c == 4) continue;
    ASSERT_TRUE(board.place_from_tray(want.tile, c));
    for (int k = 0; k < want.rotation; ++k) board.rotate(c, 1);
  }
  EXPECT_TRUE(board.tray().empty());
  EXPECT_TRUE(board.solved());
}

TEST(PlayBoard, SameCellsComparesTilesTurnsAndSize) {
  const std::vector<Placement> a = {{0, 0}, {1, 2}, {-1, 0}};
  EXPECT_TRUE(same_cells(a, a));
  EXPECT_FALSE(same_cells(a, {{0, 0}, {1, 3}, {-1, 0}}));  // a turn
  EXPECT_FALSE(same_cells(a, {{1, 0}, {0, 2}, {-1, 0}}));  // a swap
  EXPECT_FALSE(same_cells(a, {{0, 0}, {1, 2}}));           // fewer cells
  EXPECT_TRUE(same_cells({}, {}));
}

}  // namespace
}  // namespace tilewise

#include "core/play_board.hpp"

#include <gtest/gtest.h>

#include "core/edge_format.hpp"
#include "core/edge_solver.hpp"
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

}  // namespace
}  // namespace tilewise

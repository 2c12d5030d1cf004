#include <gtest/gtest.h>

#include <algorithm>

#include "core/edge/model/format.hpp"
#include "core/play/arrangement.hpp"
#include "core/play/board.hpp"
#include "test_data.hpp"

namespace tilewise {
namespace {

EdgePuzzle seed000() {
  const std::string path = testing::source_path("assets/puzzles/seed000_mockup.txt");
  return *parse_puzzle(testing::read_file(path), path);
}

// Saved with the puzzle, read back: the same board, and the file still parses as the puzzle.
TEST(PlayArrangement, RoundTripsThroughThePuzzleFile) {
  const EdgePuzzle p = seed000();
  PlayBoard board(p);
  board.rotate(0, 1);
  board.swap(1, 8);
  board.take_to_tray(4);
  const std::string file = format_puzzle(p) + format_arrangement(board.cells());
  const Result<EdgePuzzle> again = parse_puzzle(file, "saved.txt");
  ASSERT_TRUE(again) << again.error().to_string();
  const auto cells = read_arrangement(file, *again, "saved.txt");
  ASSERT_TRUE(cells && cells->has_value());
  ASSERT_EQ((*cells)->size(), 9u);
  for (size_t c = 0; c < 9; ++c) {
    EXPECT_EQ((**cells)[c].tile, board.cells()[c].tile) << c;
    EXPECT_EQ((**cells)[c].rotation, board.cells()[c].rotation) << c;
  }
  EXPECT_FALSE(read_arrangement(format_puzzle(p), p, "plain.txt")->has_value());
}

TEST(PlayArrangement, RefusesWhatDoesNotFitWithWhereAndWhy) {
  const EdgePuzzle p = seed000();
  const std::string head = format_puzzle(p);
  const int line = static_cast<int>(std::count(head.begin(), head.end(), '\n')) + 1;
  auto error = [&](const std::string& arrangement) {
    const auto r = read_arrangement(head + "# arrangement: " + arrangement + "\n", p, "f.txt");
    return r ? std::string("accepted") : r.error().to_string();
  };
  const std::string at = "f.txt:" + std::to_string(line) + ": arrangement: ";
  EXPECT_EQ(error("1/0 2/0 3/0"), at + "3 cells for a board of 9");
  EXPECT_EQ(error("1/0 1/1 - - - - - - -"), at + "tile 1 is placed twice");
  EXPECT_EQ(error("10/0 - - - - - - - -"),
            at + "'10/0' is not LABEL/TURNS (label 1..9, turns 0..3) or -");
  EXPECT_EQ(error("1/4 - - - - - - - -"),
            at + "'1/4' is not LABEL/TURNS (label 1..9, turns 0..3) or -");
  EXPECT_EQ(error("- - - - - - - - -"), "accepted");  // every tile in the tray
  EdgePuzzle fixed = p;
  fixed.fixed.push_back(FixedTile{0, 0, 4, 2});
  const auto r = read_arrangement("# arrangement: 1/0 - - - - - - - -\n", fixed, "g.txt");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().to_string(), "g.txt:1: arrangement: fixed tile 5 is not at its place");
}

}  // namespace
}  // namespace tilewise

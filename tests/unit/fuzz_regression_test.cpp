// Inputs found by the fuzz targets (tests/fuzz/), kept as regression tests.
#include <gtest/gtest.h>

#include "core/box_board.hpp"

namespace tilewise::box {
namespace {

// fuzz_box_board: move_name wrote B3's half turn on 8x8 as "B32", which parse_moves read
// back as button 32 clockwise; on 3x3 "Q12" (Q1 half) did not parse at all.
TEST(FuzzRegression, EveryMoveNameParsesBackToTheSameMove) {
  for (int size = kMinSize; size <= kMaxSize; ++size) {
    for (const Move& m : allowed_moves(size, MoveSet::kBothDirectionsAndHalf)) {
      const std::string name = move_name(m, size);
      Result<Move> back = parse_move(name, size, MoveSet::kBothDirectionsAndHalf);
      ASSERT_TRUE(back.ok()) << size << "x" << size << " " << name << ": "
                             << back.error().to_string();
      EXPECT_EQ(back->button, m.button) << size << "x" << size << " " << name;
      EXPECT_EQ(back->quarter_turns, m.quarter_turns) << size << "x" << size << " " << name;
    }
  }
}

TEST(FuzzRegression, HalfTurnSpellingOnBigBoards) {
  EXPECT_EQ(move_name(Move{2, 2}, 8), "B3x2");
  EXPECT_EQ(move_name(Move{0, 2}, 3), "Q12");
  Result<Move> b12 = parse_move("B12", 5, MoveSet::kBothDirectionsAndHalf);
  ASSERT_TRUE(b12.ok());
  EXPECT_EQ(b12->button, 11);
  EXPECT_EQ(b12->quarter_turns, 1);
  Result<Move> q1x2 = parse_move("Q1x2", 3, MoveSet::kBothDirectionsAndHalf);
  ASSERT_TRUE(q1x2.ok());
  EXPECT_EQ(q1x2->quarter_turns, 2);
  EXPECT_FALSE(parse_move("B1x2", 5, MoveSet::kBothDirections).ok());  // half not allowed
  EXPECT_FALSE(parse_move("B162", 5, MoveSet::kBothDirectionsAndHalf).ok());
}

}  // namespace
}  // namespace tilewise::box

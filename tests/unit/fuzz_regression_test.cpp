// Inputs found by the fuzz targets (tests/fuzz/), kept as regression tests.
#include <gtest/gtest.h>

#include "core/box/model/board.hpp"
#include "core/edge/model/format.hpp"
#include "core/link/codec.hpp"

namespace tilewise::box {
namespace {

// fuzz_box_board: move_name wrote B3's half turn on 8x8 as "B32", which parse_moves read
// back as button 32 clockwise; on 3x3 "Q12" (Q1 half) did not parse at all.
TEST(FuzzRegression, EveryMoveNameParsesBackToTheSameMove) {
  for (int size = kMinSize; size <= kMaxBoardSize; ++size) {
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

namespace tilewise {
namespace {

// fuzz_edge_format: a card name with a control character was accepted, then written as a
// native tile id that parse_puzzle refuses (the saved file would not load again).
TEST(FuzzRegression, CardNamesMustBeVisibleLikeTileIds) {
  Result<EdgePuzzle> p = parse_puzzle(
      "\x17"
      "2 TAIL-RED TAIL-RED TAIL-BLUE TAIL-GREEN\n",
      "cards.txt");
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.error().to_string(), "cards.txt:1: card name must be 1..32 visible characters");
}

// fuzz_edge_format: a card colour holding ';' became a motif name that the written legend
// line ("# legend: A=Green; B=...") split in two, so a saved file lost the name.
TEST(FuzzRegression, CardColoursCannotBreakTheLegend) {
  Result<EdgePuzzle> p = parse_puzzle("1 HEAD-GREEN HEAD-RE;D TAIL-RED TAIL-GREEN\n", "c.txt");
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.error().to_string(),
            "c.txt:1: side 'HEAD-RE;D': a colour may not contain ';' or '='");
}

// fuzz_edge_format: a numeric legend key past Z ("36=red") with match complement was kept
// and written back as motif "d", which the next read took for something else.
TEST(FuzzRegression, LegendKeysPastTheMotifsAreDropped) {
  Result<EdgePuzzle> p = parse_puzzle(
      "# legend: A=gold; 36=red\nsize 1 1\nmatch complement\ntile 1 A a A a\n", "l.txt");
  ASSERT_TRUE(p.ok()) << p.error().to_string();
  EXPECT_EQ(p->motif_names, std::vector<std::string>{"gold"});
  EXPECT_EQ(format_puzzle(*parse_puzzle(format_puzzle(*p), "again")), format_puzzle(*p));
}

// Checking the CLI's bad-link messages: a changed last character ("...tqJ" for "...tqI")
// only touched the unused low bits and decoded as the same puzzle; one character more on a
// link of 4k characters was ignored. Both are refused now.
TEST(FuzzRegression, LinksMustEndOnTheirLastByte) {
  ASSERT_TRUE(decode_link("#AQASCIQN0bjMsTqGd41aqFnTuYAAtqI").ok());
  Result<SharedPuzzle> low_bits = decode_link("#AQASCIQN0bjMsTqGd41aqFnTuYAAtqJ");
  ASSERT_FALSE(low_bits.ok());
  EXPECT_EQ(low_bits.error().what, "the link was altered or damaged (checksum mismatch)");
  const std::string four_k = encode_link(EdgeShare{*parse_puzzle("size 1 2\nmatch equal\n"
                                                                 "tile 1 0 1 0 0\ntile 2 0 0 0 1\n",
                                                                 "p"),
                                                   {}});
  if (four_k.size() % 4 == 0) {
    Result<SharedPuzzle> extra = decode_link(four_k + "A");
    ASSERT_FALSE(extra.ok());
    EXPECT_EQ(extra.error().what, "the link has extra characters at its end");
  }
  for (const char* bad : {"#AQASCIQN0bjMsTqGd41aqFnTuYAAtqIA", "#A", "#AB"})
    EXPECT_FALSE(decode_link(bad).ok()) << bad;
}

}  // namespace
}  // namespace tilewise

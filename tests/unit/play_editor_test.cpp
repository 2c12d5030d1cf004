#include <gtest/gtest.h>

#include "core/edge/model/validate.hpp"
#include "core/edge/search/unsolvable.hpp"
#include "core/play/board.hpp"
#include "core/play/editor.hpp"

namespace tilewise {
namespace {

TEST(PlayEditor, BlankPuzzlesAreValidAndSolvedAsLaidOut) {
  for (MatchRule rule : {MatchRule::kComplement, MatchRule::kEqual})
    for (bool frame : {false, true}) {
      if (frame && rule == MatchRule::kComplement) continue;
      for (auto [r, c] : {std::pair{1, 1}, {3, 4}, {16, 16}, {1, 5}}) {
        Result<EdgePuzzle> p = blank_puzzle(r, c, rule, frame);
        ASSERT_TRUE(p) << p.error().to_string();
        EXPECT_EQ(static_cast<int>(p->tiles.size()), r * c);
        EXPECT_TRUE(validate_puzzle(*p));
        EXPECT_TRUE(PlayBoard(*p).solved());
      }
    }
}

TEST(PlayEditor, BlankPuzzleRejectsBadOptionsWithOneError) {
  Result<EdgePuzzle> big = blank_puzzle(17, 2, MatchRule::kEqual, false);
  ASSERT_FALSE(big);
  EXPECT_EQ(big.error().to_string(), "editor: board size must be 1..16 x 1..16, not 17x2");
  EXPECT_FALSE(blank_puzzle(0, 3, MatchRule::kEqual, false));
  EXPECT_FALSE(blank_puzzle(3, 3, MatchRule::kComplement, true));
}

TEST(PlayEditor, SetSideChecksValuesAndLonelyHalvesArePlayable) {
  EdgePuzzle d = *blank_puzzle(2, 2, MatchRule::kComplement, false);
  EXPECT_FALSE(set_tile_side(d, 0, kTop, 0));
  EXPECT_FALSE(set_tile_side(d, 0, kTop, 27));
  EXPECT_FALSE(set_tile_side(d, 4, kTop, 1));
  EXPECT_FALSE(set_tile_side(d, 0, 4, 1));
  EXPECT_EQ(d.tiles[0].sides[kTop], -1);
  // A half no tile can match may face the outside of a free border: a puzzle like any other.
  ASSERT_TRUE(set_tile_side(d, 0, kTop, 3));
  EXPECT_TRUE(finish_draft(d));
  ASSERT_TRUE(set_tile_side(d, 1, kBottom, -3));
  EXPECT_TRUE(finish_draft(d));
}

TEST(PlayEditor, EqualRuleSidesAndFrameCount) {
  EdgePuzzle d = *blank_puzzle(3, 3, MatchRule::kEqual, true);
  EXPECT_FALSE(set_tile_side(d, 0, kTop, -1));
  ASSERT_TRUE(set_tile_side(d, 4, kTop, 0));  // a frame side in the middle: no solution
  EXPECT_TRUE(finish_draft(d));
  EXPECT_NE(unsolvable_reason(*finish_draft(d)).find("frame colour 0"), std::string::npos);
  ASSERT_TRUE(set_tile_side(d, 4, kTop, 7));
  EXPECT_TRUE(finish_draft(d));
}

}  // namespace
}  // namespace tilewise
